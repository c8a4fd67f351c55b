// Writing a 6 MB document (5,000 chunks) into the PostgreSQL store: tokenising and building the statements never
// hold the event loop for more than 50 ms of its CPU time (PGlite runs in a process of its own, as a server would).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src/search/chunker.js';
import { createPostgresIndexStore } from '../../src/search/postgres-index-store.js';
import { longestGap, showGap } from './loop-probe.js';

const DIMENSIONS = 64;
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SERVER = new URL('./pglite-process.ts', import.meta.url).pathname;

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', TSX_LOADER, SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', () => reject(new Error('PGlite did not start.')));
  });
}, 60_000);
afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin?.end();
  await exited;
});

let seed = 5;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const words = Array.from({ length: 30_000 }, (_, i) => `w${i.toString(36)}k`);
function text(size: number): string {
  const parts: string[] = [];
  for (let length = 0; length < size;) {
    const word = words[Math.floor(random() ** 2.5 * words.length)]!;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ');
}
function vector(): Float32Array {
  const v = Float32Array.from({ length: DIMENSIONS }, () => random() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

describe('writing a large document into the PostgreSQL index', () => {
  it('never holds the event loop for more than 50 ms of its CPU time', async () => {
    const store = createPostgresIndexStore(new pg.Pool({ connectionString: url, max: 2 }), { ownsPool: true });
    try {
      await store.useEmbedder('test', DIMENSIONS);
      const chunks = chunkDocument([text(6_000_000)], { size: 1200, overlap: 200, paged: false })
        .slice(0, 5000)
        .map((piece) => ({ ...piece, vector: vector() }));
      expect(chunks).toHaveLength(5000);
      const document = {
        docType: 'file' as const,
        docId: 'big',
        title: 'Archive',
        mimeType: 'text/plain',
        version: '1',
      };
      const gap = await longestGap(() => store.replaceDocument('alice', document, chunks));
      console.info(`large write (postgres): ${showGap(gap)}`);
      expect(gap.cpu).toBeLessThanOrEqual(50);
      expect(await store.counts('alice')).toEqual({
        documents: 1,
        chunks: 5000,
        byType: { file: { documents: 1, chunks: 5000 } },
      });
    } finally {
      await store.close();
    }
  }, 600_000);
});
