// Writing a 6 MB document (5,000 chunks) into the PostgreSQL store: tokenising and building the statements never
// hold the event loop for more than 50 ms of its CPU time, the garbage collector's pauses aside (PGlite runs in a
// process of its own, as a server would).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresIndexStore } from '../../../src/knowledge/index/postgres-index-store.js';
import { longestGap, showGap } from '../../support/loop-probe.js';
import { syntheticText } from './index-fixtures.js';

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

const { text, chunks: chunksOf } = syntheticText(5);

describe('writing a large document into the PostgreSQL index', () => {
  it('never holds the event loop for more than 50 ms of its CPU time', async () => {
    const store = createPostgresIndexStore(new pg.Pool({ connectionString: url, max: 2 }), { ownsPool: true });
    try {
      await store.useEmbedder('test', DIMENSIONS);
      const chunks = chunksOf(text(6_000_000), DIMENSIONS);
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
      // The code's own slices; a garbage collector's pause follows the whole test process's heap (shown above).
      expect(gap.code).toBeLessThanOrEqual(50);
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
