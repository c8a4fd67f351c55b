// Faults of the knowledge index with the real sidecar, the platform double and a real embeddings server: the
// embedding service down (search falls back to bm25, the queue waits), Nextcloud down (scans back off and resume),
// a corrupt PDF (a dead letter with its reason), a changed embedder (everything re-indexed, no mixed dimensions) and
// a restart with work still queued. A skewed clock stands in for the waits (scan interval, retry delays).
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddingService, type EmbeddingService } from '../../../../test/platform/embedding-service.js';
import { createFilesApp, type FilesDouble } from '../../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../../test/platform/platform-double.js';
import { corruptPdf } from '../../support/pdf-fixtures.js';
import { callApi, signIn, syncSidecarEnv, until as untilWithin } from '../../support/knowledge-sidecar.js';
import { startNextcloudWithOidc } from '../../support/nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../../support/sidecar.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const API_KEY = 'sk-faults-7c1e9b2a44d0';
const SCAN_INTERVAL_MS = 60_000;
let nextcloud: PlatformDouble;
let files: FilesDouble;
let embeddings: EmbeddingService;
let sidecar: TestSidecar;
let token: string;
let dir: string;
let env: Record<string, string>;
let skew = 0;
const clock = () => Date.now() + skew;

interface Status {
  state: string;
  documents: number;
  chunks: number;
  queued: number;
  failed: number;
  failures: { doc_type: string; doc_id: string; reason: string; attempts: number }[];
  last_scan_at: string | null;
  next_scan_at: string | null;
  sources: Record<string, { last_error: string | null; documents: number }>;
  embedder: { id: string | null; kind: string | null };
}
interface SearchAnswer {
  results: { title: string; score: number }[];
  fallback?: { algorithm: string; reason: string };
}

const api = (path: string, init: RequestInit = {}) => callApi(sidecar, token, path, init);
const status = async () => (await (await api('/api/v1/vector-sync/status')).json()) as Status;
const search = async (body: Record<string, unknown>) => {
  const response = await api('/api/v1/search', { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
};
const titles = async (query: string) => (await search({ query, algorithm: 'bm25' })).results.map((r) => r.title);
/** Polls every 50 ms, for 10 s at the most; a timeout tells the last status, the queue's rows and the log's end. */
const until = (what: string, check: () => Promise<boolean> | boolean) =>
  untilWithin(what, check, {
    timeoutMs: 10_000,
    intervalMs: 50,
    detail: async () =>
      [
        `status: ${JSON.stringify(await status())}`,
        `queue: ${JSON.stringify(queueRows())}`,
        `log: ${sidecar.logText().slice(-3000)}`,
      ].join('\n'),
  });
const put = async (path: string, body: string) => {
  const response = await fetch(`${nextcloud.url}/remote.php/dav/files/alice${path}`, {
    method: 'PUT',
    body,
    headers: { authorization: basicAuth('alice', PASSWORD) },
  });
  expect(response.status).toBeLessThan(300);
};
/** Lets the scan interval pass: the scheduler (ticking every second) scans at its next tick. */
const scanSoon = () => (skew += SCAN_INTERVAL_MS + 1000);
/** The queue rows as stored (read through a second connection). */
const queueRows = () => {
  const db = new Database(sidecar.dbPath, { readonly: true });
  try {
    return db.prepare('SELECT doc_id, state, attempts, last_error, not_before FROM sync_queue').all() as {
      doc_id: string;
      state: string;
      attempts: number;
      last_error: string | null;
      not_before: number;
    }[];
  } finally {
    db.close();
  }
};
const vectorBytes = () => {
  const db = new Database(sidecar.dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT DISTINCT length(vector) AS n FROM index_chunks').all() as { n: number }[]).map(
      (row) => row.n,
    );
  } finally {
    db.close();
  }
};
const start = async () => {
  sidecar = await startTestSidecar(env, clock, { dir });
  dir = sidecar.dir;
};

beforeAll(async () => {
  embeddings = await startEmbeddingService({ dimensions: 8 });
  files = createFilesApp();
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [PASSWORD] }], { apps: [files] });
  // Written a day ago: a file read moments after a write is read once more at the next scan (file-read.ts).
  const mtime = Math.floor(Date.now() / 1000) - 86_400;
  files.seedFile('alice', 'Documents/alpha.md', 'The zebra grazes beside the old lighthouse.', { mtime });
  files.seedFile('alice', 'Documents/beta.md', 'Beta notes about the annual harvest festival.', { mtime });
  files.seedFile('alice', 'Documents/broken.pdf', Buffer.from(corruptPdf()), { mtime });
  env = await syncSidecarEnv(nextcloud.url, {
    KNOWLEDGE_SCAN_INTERVAL: String(SCAN_INTERVAL_MS / 1000),
    KNOWLEDGE_MAX_ATTEMPTS: '3',
    NEXTCLOUD_HTTP_TIMEOUT: '2',
    EMBEDDING_PROVIDER: 'openai',
    EMBEDDING_BASE_URL: embeddings.baseUrl,
    EMBEDDING_MODEL: 'test-embed-a',
    EMBEDDING_API_KEY: API_KEY,
    EMBEDDING_BATCH_SIZE: '4',
  });
  dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/sidecar-faults-`);
  await start();
  token = await signIn(nextcloud, sidecar, 'alice', PASSWORD);
  await until('the first scan is indexed', async () => {
    const state = await status();
    return state.queued === 0 && state.documents >= 2 && state.failed >= 1;
  });
}, 30_000);
afterEach(() => {
  nextcloud.setFault('none');
  embeddings.setMode('ok');
});
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
  await embeddings?.stop();
});

describe('a document that cannot be parsed', () => {
  it('is a dead letter with its reason in the status, and the other documents are indexed', async () => {
    const state = await status();

    expect(state.failed).toBe(1);
    expect(state.failures).toEqual([
      expect.objectContaining({ doc_type: 'file', reason: 'The PDF could not be read.', attempts: 1 }),
    ]);
    expect(await titles('zebra lighthouse')).toEqual(['alpha.md']);
    expect(await titles('harvest festival')).toEqual(['beta.md']);
    expect(state.embedder).toMatchObject({ id: 'openai:test-embed-a:8', kind: 'semantic' });
  });
});

describe('the embedding service down', () => {
  it('answers hybrid search with bm25 and says why; the queue waits uncounted and resumes when it is back', async () => {
    embeddings.setMode('unavailable');
    const answer = await search({ query: 'zebra', algorithm: 'hybrid' });
    expect(answer.results.map((r) => r.title)).toEqual(['alpha.md']);
    expect(answer.fallback).toEqual({ algorithm: 'bm25', reason: expect.stringMatching(/embedding service/) });
    expect(answer.fallback!.reason).not.toMatch(/127\.0\.0\.1|http|sk-/);

    await put('/Documents/gamma.md', 'A quokka smiles at the camera.');
    const asked = embeddings.requests();
    scanSoon();
    await until('the new file was tried', () => embeddings.requests() > asked);
    await until('the new file waits in the queue', async () => (await status()).queued === 1);
    const [waiting] = queueRows().filter((row) => row.state === 'queued');
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0, last_error: expect.stringMatching(/HTTP 503/) });
    expect((await status()).failed).toBe(1);

    embeddings.setMode('ok');
    skew += 31_000;
    await until('the waiting file is indexed', async () => (await titles('quokka')).includes('gamma.md'));
    expect((await status()).queued).toBe(0);
    expect((await search({ query: 'zebra', algorithm: 'hybrid' })).fallback).toBeUndefined();
  });

  it('never writes the embedding key to the log', () => {
    expect(embeddings.lastAuthorization()).toBe(`Bearer ${API_KEY}`);
    expect(sidecar.logText()).not.toContain(API_KEY);
  });
});

describe('Nextcloud down', () => {
  it('fails scans with an error without URLs, backs off, and resumes when Nextcloud is back', async () => {
    nextcloud.setFault('status-500');
    const before = await status();
    scanSoon();
    await until('a scan failed', async () => (await status()).last_scan_at !== before.last_scan_at);
    const failed = await status();
    expect(failed.state).toBe('active');
    expect(failed.sources.file!.last_error).toMatch(/HTTP 500/);
    expect(failed.sources.file!.last_error).not.toMatch(/127\.0\.0\.1|http:|remote\.php|alice/);
    const gap = (s: Status) => Date.parse(s.next_scan_at!) - Date.parse(s.last_scan_at!);
    expect(gap(failed)).toBe(10_000);

    skew += 10_500;
    await until('a second scan failed', async () => (await status()).last_scan_at !== failed.last_scan_at);
    expect(gap(await status())).toBe(20_000);

    nextcloud.setFault('none');
    await put('/Documents/delta.md', 'The delta of the river floods every spring.');
    skew += 20_500;
    await until('the sync resumed', async () => (await titles('river floods')).includes('delta.md'));
    const resumed = await status();
    expect(resumed.sources.file!.last_error).toBeNull();
    expect(gap(resumed)).toBe(SCAN_INTERVAL_MS);
  });

  it('keeps documents queued while Nextcloud is unreachable and indexes them when it is back', async () => {
    // The embedding service holds the new file in the queue after the scan saw it; then Nextcloud goes away.
    embeddings.setMode('unavailable');
    await put('/Documents/epsilon.md', 'A narwhal surfaces near the pack ice.');
    scanSoon();
    // Queued is not enough: a worker must have tried it (and met the embedding service down) before the faults
    // change, or it could read the file before Nextcloud goes away and embed it after the service is back.
    await until('the new file waits in the queue', () =>
      queueRows().some((row) => row.state === 'queued' && row.last_error !== null),
    );
    nextcloud.setFault('drop');
    embeddings.setMode('ok');
    try {
      // More than KNOWLEDGE_MAX_ATTEMPTS (3) tries, each after the longest wait, with Nextcloud unreachable: each
      // try moves the row's not_before, so count those moves (however slowly a busy machine gets to them).
      const waiting = () => queueRows().find((row) => row.state === 'queued');
      let tries = 0;
      let lastNotBefore = waiting()?.not_before;
      while (tries < 5) {
        skew += 31_000;
        await until('the next try', () => {
          const row = waiting();
          return row === undefined || row.not_before !== lastNotBefore;
        });
        const row = waiting();
        expect(row, JSON.stringify(queueRows())).toMatchObject({
          attempts: 0,
          last_error: expect.stringMatching(/could not be reached/),
        });
        lastNotBefore = row!.not_before;
        tries += 1;
      }
      expect(queueRows().filter((row) => row.state === 'dead')).toHaveLength(1); // only the corrupt PDF
    } finally {
      nextcloud.setFault('none');
    }
    skew += SCAN_INTERVAL_MS + 31_000;
    await until('the file is indexed', async () => (await titles('narwhal')).includes('epsilon.md'));
  });
});

describe('restarts', () => {
  it('resumes documents still queued when it stopped (the queue is persistent)', async () => {
    embeddings.setMode('unavailable');
    await put('/Documents/zeta.md', 'The axolotl regrows its limbs.');
    scanSoon();
    // A scan still running from the test before (slow on a busy machine) ends after the skip and sets the next one
    // an interval later, without the new file: skip the interval again whenever the next scan lies ahead.
    await until('the new file waits in the queue', async () => {
      const state = await status();
      if (state.queued === 1) return true;
      if (state.next_scan_at !== null && Date.parse(state.next_scan_at) > clock()) scanSoon();
      return false;
    });

    await sidecar.stop(true);

    embeddings.setMode('ok');
    await start();
    skew += 31_000;
    await until('the queued file is indexed', async () => (await titles('axolotl')).includes('zeta.md'));
  });

  it('re-indexes everything after the embedder changed, and never mixes dimensions', async () => {
    const before = await status();
    expect(vectorBytes()).toEqual([8 * 4]);
    await sidecar.stop(true);

    embeddings.setDimensions(12);
    env = { ...env, EMBEDDING_MODEL: 'test-embed-b' };
    await start();
    // Searching at once, before any work ran, must not compare 12-dimensional queries with 8-dimensional chunks.
    const early = await api('/api/v1/search', {
      method: 'POST',
      body: JSON.stringify({ query: 'zebra', algorithm: 'semantic' }),
    });
    expect(early.status).toBe(200);
    await until('everything is indexed again', async () => {
      const state = await status();
      return (
        state.embedder.id === 'openai:test-embed-b:12' && state.queued === 0 && state.documents === before.documents
      );
    });
    expect(vectorBytes()).toEqual([12 * 4]);
    const semantic = await search({ query: 'zebra lighthouse', algorithm: 'semantic' });
    expect(semantic.results.length).toBeGreaterThan(0);
    expect(await titles('zebra')).toEqual(['alpha.md']);
  });
});
