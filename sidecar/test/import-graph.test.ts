// The house's import graph: no file imports itself back through others, and every import goes down the floors listed
// here (docs/architecture.md explains each floor); a new top-level folder must be given its floor first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

/** From the top floor down: a module may import from its own room and the rooms below it, never above. */
const FLOORS = [
  'cli',
  'main.ts',
  'context',
  'api',
  'authorization-server',
  'http',
  'mcp',
  'auth',
  'limits',
  'metrics',
  'knowledge',
  'preview',
  'platform',
  'net',
  'store',
  'logging',
  'workers',
  'runtime',
  'settings',
  'errors.ts',
  'request-id.ts',
  'listening.ts',
  'version.ts',
];

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** Each source file with the source files it imports (relative imports, `.js` read as the `.ts` it compiles from). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const text = readFileSync(join(SRC, file), 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
      normalize(join(dirname(file), match[1]!)).replace(/\.js$/, '.ts'),
    );
    graph.set(file, targets);
  }
  return graph;
}

const roomOf = (file: string) => file.split('/')[0]!;

/** The cycles of the graph, each as the files on it (Tarjan's strongly connected components of two or more). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the import graph of the sidecar', () => {
  const graph = importGraph();

  it('has no cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('gives every top-level folder and file a floor', () => {
    const rooms = new Set([...graph.keys()].map(roomOf));

    expect([...rooms].filter((room) => !FLOORS.includes(room)).sort()).toEqual([]);
  });

  it('imports only from the same room or a floor below', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => roomOf(target) !== roomOf(file))
        .filter((target) => FLOORS.indexOf(roomOf(target)) <= FLOORS.indexOf(roomOf(file)))
        .map((target) => `${file} -> ${target}`),
    );

    expect(upward).toEqual([]);
  });
});
