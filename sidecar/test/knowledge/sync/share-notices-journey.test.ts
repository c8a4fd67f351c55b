// Shares and Deck cards take effect within seconds: alice shares a file with bob and the companion's notice (sent as
// its PHP listener sends it: the management key, both users, the file and note sources) makes bob find it; alice
// unshares, another notice, and it is gone; alice edits a Deck card and a deck_card notice makes the new text
// findable. Without a notice an index waits for the user's next scan (an hour here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDeckApp } from '../../../../test/platform/apps/deck.js';
import { createFilesApp, type FilesDouble } from '../../../../test/platform/apps/files.js';
import { createSharingDouble } from '../../../../test/platform/apps/sharing.js';
import type { PlatformDouble } from '../../../../test/platform/platform-double.js';
import { callApi, syncSidecarEnv, until } from '../../support/knowledge-sidecar.js';
import { startNextcloudWithOidc, tokensFor } from '../../support/nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../../support/sidecar.js';

const API_KEY = 'management-key-of-the-companion';
const PASSWORDS = { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', bob: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' };
/** What the companion sends for a file share (lib/Listener/ShareEventListener.php): files, and notes shared as files. */
const FILE_SHARE_TYPES = ['file', 'note'];
let nextcloud: PlatformDouble;
let files: FilesDouble;
let sidecar: TestSidecar;
let bobToken: string;
let aliceToken: string;
let board: { id: number };
let stack: { id: number };
let card: { id: number };

const ocsShares = (path: string, init: RequestInit = {}) =>
  fetch(`${nextcloud.url}/ocs/v2.php/apps/files_sharing/api/v1/shares${path}`, {
    ...init,
    headers: {
      authorization: basicAuth('alice', PASSWORDS.alice),
      'ocs-apirequest': 'true',
      'content-type': 'application/json',
    },
  });
const shareWithBob = async (path: string): Promise<string> => {
  const response = await ocsShares('?format=json', {
    method: 'POST',
    body: JSON.stringify({ path, shareType: 0, shareWith: 'bob' }),
  });
  expect(response.status).toBe(200);
  return String(((await response.json()) as { ocs: { data: { id: string } } }).ocs.data.id);
};
const noticeFor = async (reason: string, userIds = ['alice', 'bob'], docTypes = FILE_SHARE_TYPES) => {
  const response = await fetch(`${sidecar.url}/api/v1/knowledge/rescan-notices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ user_ids: userIds, doc_types: docTypes, reason }),
  });
  expect(response.status).toBe(202);
};
const aliceDeck = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${nextcloud.url}/index.php/apps/deck/api/v1.0${path}`, {
    method,
    headers: {
      authorization: basicAuth('alice', PASSWORDS.alice),
      'ocs-apirequest': 'true',
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
const bobFinds = (query: string) => finds(bobToken, query);
const finds = async (token: string, query: string): Promise<string[]> => {
  const response = await callApi(sidecar, token, '/api/v1/knowledge/search', {
    method: 'POST',
    body: JSON.stringify({ query, algorithm: 'bm25', limit: 5 }),
    headers: { 'x-api-key': API_KEY },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { doc_id: string }[] }).results.map((result) => result.doc_id);
};
const bobStatus = async () => {
  const status = await callApi(sidecar, bobToken, '/api/v1/knowledge/status', { headers: { 'x-api-key': API_KEY } });
  return (await status.json()) as { queued: number; next_scan_at: string | null };
};
const bobIsIdle = async () => {
  const status = await callApi(sidecar, bobToken, '/api/v1/knowledge/status', {
    headers: { 'x-api-key': API_KEY },
  });
  return ((await status.json()) as { queued: number; documents: number }).queued === 0;
};

beforeAll(async () => {
  files = createFilesApp();
  nextcloud = await startNextcloudWithOidc(
    Object.entries(PASSWORDS).map(([id, password]) => ({ id, appPasswords: [password] })),
    { apps: [files, createSharingDouble({ files, users: ['alice', 'bob'] }), createDeckApp()] },
  );
  board = await aliceDeck('POST', '/boards', { title: 'Launch', color: '0082c9' });
  stack = await aliceDeck('POST', `/boards/${board.id}/stacks`, { title: 'Doing', order: 1 });
  card = await aliceDeck('POST', `/boards/${board.id}/stacks/${stack.id}/cards`, { title: 'Press release' });
  files.seedFile('alice', 'Plans/zeppelin.md', 'The zeppelin hangar opens in April.');
  files.seedFile('alice', 'Plans/quiet.md', 'The marmalade inventory is private for now.');
  files.seedFile('bob', 'Notes/own.md', 'Bob keeps his own list.');
  sidecar = await startTestSidecar(await syncSidecarEnv(nextcloud.url, { MANAGEMENT_API_KEY: API_KEY }));
  for (const [userId, password] of Object.entries(PASSWORDS)) {
    const provisioned = await fetch(`${sidecar.url}/api/v1/users/${userId}/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth(userId, password), 'x-api-key': API_KEY },
    });
    expect(provisioned.status).toBe(200);
  }
  bobToken = (await tokensFor(nextcloud, 'bob')).access_token;
  aliceToken = (await tokensFor(nextcloud, 'alice')).access_token;
  await until('bob is indexed', async () => (await bobFinds('list')).length > 0 && (await bobIsIdle()));
  await until('alice is indexed', async () => (await finds(aliceToken, 'press release')).includes(String(card.id)));
}, 60_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

it('makes a file alice shares with bob searchable for him within seconds, and unsearchable once she unshares it', async () => {
  const shareId = await shareWithBob('/Plans/zeppelin.md');
  await noticeFor('share_created');
  await until('bob finds the shared file', async () => (await bobFinds('zeppelin hangar')).length > 0, {
    timeoutMs: 8000,
  });

  const unshared = await ocsShares(`/${shareId}?format=json`, { method: 'DELETE' });
  expect(unshared.status).toBe(200);
  await noticeFor('share_deleted');

  await until(
    "the unshared file is gone from bob's search",
    async () => (await bobFinds('zeppelin hangar')).length === 0,
    {
      timeoutMs: 8000,
    },
  );
}, 30_000);

it("leaves bob's next scheduled full scan where it was when a notice brings a scan of his files forward", async () => {
  const before = await bobStatus();

  await noticeFor('share_created');
  await new Promise((resolve) => setTimeout(resolve, 2000));

  expect((await bobStatus()).next_scan_at).toBe(before.next_scan_at);
});

it("leaves a share without a notice to bob's next scheduled scan", async () => {
  await shareWithBob('/Plans/quiet.md');

  await new Promise((resolve) => setTimeout(resolve, 3000));

  expect(await bobFinds('marmalade inventory')).toEqual([]);
});

it('makes the new text of a Deck card alice edits searchable for her within seconds of a deck_card notice', async () => {
  await aliceDeck('PUT', `/boards/${board.id}/stacks/${stack.id}/cards/${card.id}`, {
    title: 'Press release',
    type: 'plain',
    owner: 'alice',
    description: 'Announce the gyrocopter launch.',
  });

  expect(await finds(aliceToken, 'gyrocopter')).toEqual([]);
  await noticeFor('deck_card_updated', ['alice'], ['deck_card']);

  await until(
    'alice finds the edited card',
    async () => (await finds(aliceToken, 'gyrocopter')).includes(String(card.id)),
    {
      timeoutMs: 8000,
    },
  );
}, 30_000);
