// A document whose worker died on it (an out-of-memory kill, a crash) every time ends as a dead letter with its reason
// instead of crash-looping the sidecar: an expired claim counts as an attempt, across restarts, and the item whose
// attempts ran out that way is not read again; other documents are indexed as usual.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../../test/platform/platform-double.js';
import { WORKER_DIED_REASON } from '../../../src/knowledge/sync/item-failures.js';
import { callApi, signIn, syncSidecarEnv, until } from '../../support/knowledge-sidecar.js';
import { startNextcloudWithOidc } from '../../support/nextcloud-with-oidc.js';
import { startTestSidecar, type TestSidecar } from '../../support/sidecar.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
let nextcloud: PlatformDouble;
let files: FilesDouble;
let sidecar: TestSidecar;
let token: string;

interface Status {
  queued: number;
  failed: number;
  failures: { doc_id: string; reason: string }[];
  sources: { file: { documents: number } };
}
const status = async () => (await (await callApi(sidecar, token, '/api/v1/vector-sync/status')).json()) as Status;

beforeAll(async () => {
  files = createFilesApp();
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [PASSWORD] }], { apps: [files] });
  const mtime = Math.floor(Date.now() / 1000) - 86_400;
  files.seedFile('alice', 'Documents/calm.md', 'A calm document about herons.', { mtime });
  files.seedFile('alice', 'Documents/retried.md', 'A document about otters, read again.', { mtime });
  const dir = mkdtempSync(join(tmpdir(), 'sidecar-deaths-'));
  const env = await syncSidecarEnv(nextcloud.url, { KNOWLEDGE_MAX_ATTEMPTS: '5' });
  sidecar = await startTestSidecar(env, undefined, { dir });
  token = await signIn(nextcloud, sidecar, 'alice', PASSWORD);
  await until('the first scan is indexed', async () => (await status()).sources.file.documents === 2);
  await sidecar.stop(true);
  // As a sidecar killed while reading would leave them: claims that ran out, attempts counted by earlier deaths.
  const db = new Database(sidecar.dbPath);
  const orphan = db.prepare(
    `INSERT INTO sync_queue (user_id, doc_type, doc_id, action, version, hint, attempts, state, not_before,
      enqueued_at, claimed_until) VALUES ('alice', 'file', ?, 'index', 'v9', ?, ?, 'queued', 0, 0, 1)`,
  );
  orphan.run('900', '/Documents/bomb.pdf', 4);
  orphan.run(String(files.findNode('alice', 'Documents/retried.md')!.fileId), '/Documents/retried.md', 2);
  db.close();
  sidecar = await startTestSidecar(env, undefined, { dir });
}, 60_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('a document its worker died on', () => {
  it('becomes a dead letter with its reason once its claims expired as often as it may be tried', async () => {
    await until('the queue is worked', async () => (await status()).queued === 0);

    const state = await status();

    expect(state.failed).toBe(1);
    expect(state.failures).toEqual([expect.objectContaining({ doc_id: '900', reason: WORKER_DIED_REASON })]);
    expect(state.sources.file.documents).toBe(2);
    expect(nextcloud.requests.filter((request) => request.path.includes('bomb.pdf'))).toEqual([]);
  });
});
