// The knowledge index end to end in hybrid mode: two users provision app passwords, the sync indexes their files and
// notes, each searches only their own (a shared file for both), chunk context and PCA, a webhook makes a new file
// searchable, revocation removes an index, and a password Nextcloud refuses pauses the user instead of looping.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../../test/platform/apps/files.js';
import { createNotesApp, type NotesDouble } from '../../../../test/platform/apps/notes.js';
import { createSharingDouble } from '../../../../test/platform/apps/sharing.js';
import {
  createWebhookListenersApp,
  type WebhookListenersDouble,
} from '../../../../test/platform/apps/webhook-listeners.js';
import type { PlatformDouble } from '../../../../test/platform/platform-double.js';
import { callApi, startSyncSidecar, until } from '../../support/knowledge-sidecar.js';
import { startNextcloudWithOidc } from '../../support/nextcloud-with-oidc.js';
import { basicAuth, type TestSidecar } from '../../support/sidecar.js';

const ALICE_LOGIN_PASSWORD = 'correct horse battery staple';
const PASSWORDS = { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', bob: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' };
let nextcloud: PlatformDouble;
let files: FilesDouble;
let notes: NotesDouble;
let webhooks: WebhookListenersDouble;
let sidecar: TestSidecar;
let tokens: Record<string, string>;

interface Result {
  point_id: string;
  doc_type: string;
  doc_id: string;
  title: string;
  score: number;
  excerpt: string;
  link: string | null;
  chunk_start_offset: number;
  chunk_end_offset: number;
  metadata: Record<string, unknown>;
  pca?: number[];
}
interface SearchAnswer {
  results: Result[];
  total_found: number;
  pca?: { query: number[]; explained_variance: number[] };
}

const api = (user: string, path: string, init: RequestInit = {}) => callApi(sidecar, tokens[user]!, path, init);
const search = async (user: string, body: Record<string, unknown>): Promise<SearchAnswer> => {
  const response = await api(user, '/api/v1/search', { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
};
const status = async (user: string) =>
  (await (await api(user, '/api/v1/vector-sync/status')).json()) as Record<string, unknown> & {
    documents: number;
    queued: number;
    state: string;
  };
/** The row ids of every chunk in the index, read through a second connection. */
function readRowIds(): Set<string> {
  const db = new Database(sidecar.dbPath, { readonly: true });
  try {
    return new Set((db.prepare('SELECT id FROM index_chunks').all() as { id: number }[]).map((row) => String(row.id)));
  } finally {
    db.close();
  }
}
const dav = (user: 'alice' | 'bob', method: string, path: string, body?: string) =>
  fetch(`${nextcloud.url}/remote.php/dav/files/${user}${path}`, {
    method,
    body,
    headers: { authorization: basicAuth(user, PASSWORDS[user]) },
  });

beforeAll(async () => {
  files = createFilesApp();
  notes = createNotesApp();
  webhooks = createWebhookListenersApp();
  nextcloud = await startNextcloudWithOidc(
    [
      {
        id: 'alice',
        appPasswords: [PASSWORDS.alice],
        groups: ['admin', 'users'],
        loginPassword: ALICE_LOGIN_PASSWORD,
      },
      { id: 'bob', appPasswords: [PASSWORDS.bob] },
    ],
    { apps: [files, notes, createSharingDouble({ files, users: ['alice', 'bob'] }), webhooks] },
  );
  files.seedFile('alice', 'Documents/roadmap.md', '# Roadmap\n\nThe Zeppelin project ships in spring. '.repeat(3));
  files.seedFile('bob', 'Documents/bobs-list.md', 'Bob keeps a list of marmalade recipes.');
  notes.seedNote('alice', { title: 'Diary', content: 'Nobody knows about the albatross in the garden shed.' });
  const share = await fetch(`${nextcloud.url}/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json`, {
    method: 'POST',
    headers: {
      authorization: basicAuth('alice', PASSWORDS.alice),
      'ocs-apirequest': 'true',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ path: '/Documents/roadmap.md', shareType: 0, shareWith: 'bob' }),
  });
  expect(share.status).toBe(200);
  ({ sidecar, tokens } = await startSyncSidecar(nextcloud, PASSWORDS));
  for (const user of ['alice', 'bob']) {
    await until(`${user} is indexed`, async () => {
      const state = await status(user);
      return state.documents >= 2 && state.queued === 0;
    });
  }
}, 60_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('search over what the sync indexed', () => {
  it('finds each user their own note and file, the shared file for both, and never the note of the other user', async () => {
    const aliceHits = await search('alice', { query: 'albatross', algorithm: 'bm25' });
    expect(aliceHits.results.map((r) => [r.doc_type, r.title])).toEqual([['note', 'Diary']]);
    expect(aliceHits.total_found).toBe(1);
    expect((await search('bob', { query: 'albatross', algorithm: 'bm25' })).results).toEqual([]);
    // Semantic ranking always has nearest neighbours: for bob they are his own chunks, never alice's note.
    const bobHybrid = await search('bob', { query: 'albatross', algorithm: 'hybrid' });
    expect(bobHybrid.results.map((r) => r.title)).not.toContain('Diary');
    const bobZeppelin = await search('bob', { query: 'Zeppelin project', algorithm: 'hybrid' });
    expect(bobZeppelin.results[0]).toMatchObject({ doc_type: 'file', title: 'roadmap.md' });
    expect(bobZeppelin.results[0]!.metadata.file_path).toMatch(/roadmap\.md$/);
    const aliceZeppelin = await search('alice', { query: 'Zeppelin', algorithm: 'semantic' });
    expect(aliceZeppelin.results[0]!.metadata.file_path).toBe('/Documents/roadmap.md');
    expect(aliceZeppelin.results[0]!.link).toMatch(new RegExp(`^${nextcloud.url}/index\\.php/f/\\d+$`));
  });

  it('gives another user nothing for a point id that is not theirs', async () => {
    const [note] = (await search('alice', { query: 'albatross' })).results;
    const asBob = await api('bob', '/api/v1/search/points', {
      method: 'POST',
      body: JSON.stringify({ point_ids: [note!.point_id] }),
    });
    expect(((await asBob.json()) as { results: unknown[] }).results).toEqual([]);
    const asAlice = await api('alice', '/api/v1/search/points', {
      method: 'POST',
      body: JSON.stringify({ point_ids: [note!.point_id] }),
    });
    expect(((await asAlice.json()) as { results: Result[] }).results.map((r) => r.title)).toEqual(['Diary']);
  });

  it("gives point ids that are not the index's row ids, and finds each only for its own user", async () => {
    const ids = async (user: string) =>
      (await search(user, { query: 'Zeppelin project', limit: 100 })).results.map((r) => r.point_id);
    const [alices, bobs] = [await ids('alice'), await ids('bob')];
    const points = (user: string, pointIds: string[]) =>
      api(user, '/api/v1/search/points', { method: 'POST', body: JSON.stringify({ point_ids: pointIds }) })
        .then((response) => response.json() as Promise<{ results: Result[] }>)
        .then((body) => body.results.map((r) => r.point_id));

    const rowIds = readRowIds();

    expect([...alices, ...bobs].filter((id) => rowIds.has(id))).toEqual([]);
    expect([await points('alice', alices), await points('bob', bobs)]).toEqual([alices, bobs]);
    expect([await points('bob', alices), await points('alice', bobs)]).toEqual([[], []]);
  });

  it('reads the text around a hit and draws the same PCA picture twice', async () => {
    const [hit] = (await search('alice', { query: 'albatross' })).results;
    const start = hit!.chunk_start_offset + 'Nobody knows about the '.length;
    const query = `doc_type=note&doc_id=${hit!.doc_id}&start=${start}&end=${start + 9}&context=12`;
    const context = (await (await api('alice', `/api/v1/chunk-context?${query}`)).json()) as Record<string, unknown>;
    expect(context).toMatchObject({ text: 'albatross', before: 'Nobody knows about the '.slice(-12) });
    expect(context.after).toBe(' in the gard');
    const first = await search('alice', { query: 'Zeppelin spring', include_pca: true });
    const second = await search('alice', { query: 'Zeppelin spring', include_pca: true });
    expect(first.pca!.query).toHaveLength(3);
    expect(first.results.every((r) => r.pca?.length === 3)).toBe(true);
    expect(second.pca).toEqual(first.pca);
  });

  it('refuses an unknown algorithm with 400 and a caller without a token with 401', async () => {
    const bad = await api('alice', '/api/v1/search', {
      method: 'POST',
      body: JSON.stringify({ query: 'x', algorithm: 'magic' }),
    });
    expect(bad.status).toBe(400);
    const anonymous = await fetch(`${sidecar.url}/api/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'albatross' }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('freshness', () => {
  it('makes a new file searchable when Nextcloud delivers the webhook', async () => {
    const registered = await api('alice', '/api/v1/webhooks', {
      method: 'POST',
      body: JSON.stringify({ preset: 'files' }),
    });
    expect(registered.status).toBe(201);
    expect((await dav('alice', 'PUT', '/Documents/heliotrope.md', 'The heliotrope blooms purple.')).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await search('alice', { query: 'heliotrope', algorithm: 'bm25' })).results).toEqual([]);
    const deliveries = await webhooks.runWebhookJobs();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((delivery) => delivery.status === 202)).toBe(true);
    await until(
      'the new file is searchable',
      async () => (await search('alice', { query: 'heliotrope', algorithm: 'bm25' })).results.length === 1,
    );
  });

  it('ignores a captured delivery sent again, and keeps a file a forged delete names (Nextcloud is asked first)', async () => {
    expect((await dav('alice', 'PUT', '/Documents/juniper.md', 'The juniper hedge is trimmed.')).status).toBe(201);
    const [captured] = await webhooks.runWebhookJobs();
    await until(
      'the new file is searchable',
      async () => (await search('alice', { query: 'juniper', algorithm: 'bm25' })).results.length === 1,
    );
    const secretHeaders = webhooks.listeners().find((listener) => listener.uri === captured!.uri)!.authData!;
    const deliver = (body: string) => fetch(captured!.uri, { method: 'POST', headers: secretHeaders, body });
    const forged = JSON.stringify({
      event: {
        node: { path: '/alice/files/Documents/juniper.md' },
        class: 'OCP\\Files\\Events\\Node\\NodeDeletedEvent',
      },
      user: { uid: 'alice', displayName: 'Alice' },
      time: Math.floor(Date.now() / 1000),
    });

    const replayed = await deliver(captured!.body);
    const forgedAnswer = await deliver(forged);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await until('the sync settles', async () => (await status('alice')).queued === 0);

    expect(await replayed.json()).toEqual({ accepted: 0, ignored: 'delivered before' });
    expect(forgedAnswer.status).toBe(202);
    expect((await search('alice', { query: 'juniper', algorithm: 'bm25' })).results).toHaveLength(1);
  });

  it('removes a deleted file at once when the webhook says so', async () => {
    expect((await dav('alice', 'DELETE', '/Documents/heliotrope.md')).status).toBe(204);
    await webhooks.runWebhookJobs();
    await until(
      'the deleted file is gone',
      async () => (await search('alice', { query: 'heliotrope', algorithm: 'bm25' })).results.length === 0,
    );
  });
});

describe('revocation and refused credentials', () => {
  it('removes the whole index of a user whose app password is deleted', async () => {
    const deleted = await fetch(`${sidecar.url}/api/v1/users/bob/app-password`, {
      method: 'DELETE',
      headers: { authorization: basicAuth('bob', PASSWORDS.bob) },
    });
    expect(deleted.status).toBe(200);
    await until('bob has no index', async () => (await status('bob')).documents === 0);
    expect((await status('bob')).state).toBe('not_synced');
  });

  it('indexes a user again when they provision anew, and removes it all when they revoke access', async () => {
    const provisioned = await fetch(`${sidecar.url}/api/v1/users/bob/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('bob', PASSWORDS.bob) },
    });
    expect(provisioned.status).toBe(200);
    await until('bob is indexed again', async () => (await status('bob')).documents >= 2);
    const revoked = await callApi(sidecar, tokens.bob!, '/api/v1/users/bob/revoke', { method: 'POST' });
    expect(revoked.status).toBe(200);
    await until('bob has no index after revoking', async () => (await status('bob')).documents === 0);
    expect((await search('bob', { query: 'marmalade', algorithm: 'bm25' })).results).toEqual([]);
  });

  it('pauses a user whose app password Nextcloud now refuses, with the reason, and does not retry in a loop', async () => {
    nextcloud.revokeAppPassword('alice', PASSWORDS.alice);
    const refusedBefore = nextcloud.failedLogins();
    // Alice edits a file with her login password: the webhook makes the sync try, and Nextcloud refuses it.
    const edit = await fetch(`${nextcloud.url}/remote.php/dav/files/alice/Documents/again.md`, {
      method: 'PUT',
      body: 'again',
      headers: { authorization: basicAuth('alice', ALICE_LOGIN_PASSWORD) },
    });
    expect(edit.status).toBe(201);
    await webhooks.runWebhookJobs();
    await until('alice is paused', async () => (await status('alice')).state === 'paused', {
      timeoutMs: 10_000,
    });
    expect((await status('alice')).paused_reason).toMatch(/refused the app password/);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(nextcloud.failedLogins() - refusedBefore).toBeLessThanOrEqual(3);
  });
});
