// House rules checked on the source: one reader of the environment, one maker of outbound requests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function filesMatching(pattern: RegExp, allowedFolder: string): string[] {
  return sourceFiles()
    .map((path) => relative(SRC, path))
    .filter((path) => !path.startsWith(allowedFolder))
    .filter((path) => pattern.test(readFileSync(join(SRC, path), 'utf8')));
}

describe('the sidecar source', () => {
  it('reads process.env only in settings/', () => {
    expect(filesMatching(/process\.env/, 'settings/')).toEqual([]);
  });

  it('makes outbound HTTP requests only through net/', () => {
    const direct =
      /(^|[^.\w])fetch\(|from ['"](undici|axios|node-fetch|got)['"]|^import (?!type )[^;]*from ['"](node:)?https?['"]|require\(['"](node:)?https?['"]\)/m;

    expect(filesMatching(direct, 'net/')).toEqual([]);
  });

  it('starts every file with a comment saying what it is for', () => {
    const missing = sourceFiles().filter((path) => !readFileSync(path, 'utf8').startsWith('//'));

    expect(missing.map((path) => relative(SRC, path))).toEqual([]);
  });

  it('keeps files under 300 lines', () => {
    const long = sourceFiles().filter((path) => readFileSync(path, 'utf8').split('\n').length > 300);

    expect(long).toEqual([]);
  });
});
