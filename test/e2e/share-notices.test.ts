// Shares take effect within seconds, through the companion's real PHP: alice shares a file with bob at Nextcloud (the
// double), the harness hands the share event to the companion's ShareEventListener as Nextcloud's dispatcher would,
// the listener's notice reaches the real sidecar, and bob finds the file; alice unshares, and it is gone.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callApi, syncSidecarEnv, until } from '../../sidecar/test/support/knowledge-sidecar.js';
import { startNextcloudWithOidc, tokensFor } from '../../sidecar/test/support/nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../../sidecar/test/support/sidecar.js';
import { createFilesApp } from '../platform/apps/files.js';
import { createSharingDouble } from '../platform/apps/sharing.js';
import type { PlatformDouble } from '../platform/platform-double.js';
import { startPhpHarness, type PhpHarness } from './support/php-harness.js';

const API_KEY = 'management-key-shared-with-the-companion';
const PASSWORDS = { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', bob: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' };
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let harness: PhpHarness;
let bobToken: string;

/** The OCS share API as alice calls it. */
const aliceShares = (path: string, init: RequestInit = {}) =>
  fetch(`${nextcloud.url}/ocs/v2.php/apps/files_sharing/api/v1/shares${path}`, {
    ...init,
    headers: {
      authorization: basicAuth('alice', PASSWORDS.alice),
      'ocs-apirequest': 'true',
      'content-type': 'application/json',
    },
  });
/** What Nextcloud does after the share manager made or removed the share: the event reaches the companion. */
const dispatchShareEvent = async (event: 'created' | 'deleted', share: Record<string, unknown>) => {
  const response = await fetch(`${harness.url}/harness/share-event`, {
    method: 'POST',
    body: JSON.stringify({ event, share }),
  });
  expect(response.status, harness.output()).toBe(200);
  return (await response.json()) as { handled_in_ms: number };
};
const bobFinds = async (query: string): Promise<number> => {
  const response = await callApi(sidecar, bobToken, '/api/v1/knowledge/search', {
    method: 'POST',
    body: JSON.stringify({ query, algorithm: 'bm25', limit: 5 }),
    headers: { 'x-api-key': API_KEY },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: unknown[] }).results.length;
};

beforeAll(async () => {
  const files = createFilesApp();
  nextcloud = await startNextcloudWithOidc(
    Object.entries(PASSWORDS).map(([id, password]) => ({ id, appPasswords: [password] })),
    { apps: [files, createSharingDouble({ files, users: ['alice', 'bob'] })] },
  );
  files.seedFile('alice', 'Plans/zeppelin.md', 'The zeppelin hangar opens in April.');
  files.seedFile('bob', 'own.md', 'Bob keeps his own list.');
  sidecar = await startTestSidecar(await syncSidecarEnv(nextcloud.url, { MANAGEMENT_API_KEY: API_KEY }));
  for (const [userId, password] of Object.entries(PASSWORDS)) {
    const provisioned = await fetch(`${sidecar.url}/api/v1/users/${userId}/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth(userId, password), 'x-api-key': API_KEY },
    });
    expect(provisioned.status).toBe(200);
  }
  harness = await startPhpHarness({
    sidecarUrl: sidecar.url,
    nextcloudUrl: nextcloud.url,
    user: 'alice',
    apiKey: API_KEY,
  });
  bobToken = (await tokensFor(nextcloud, 'bob')).access_token;
  await until('bob is indexed', async () => (await bobFinds('list')) > 0);
});
afterAll(async () => {
  await harness?.stop();
  await sidecar?.stop();
  await nextcloud?.close();
});

it('puts a file alice shares with bob into his search within seconds, and takes it out once she unshares it', async () => {
  const created = await aliceShares('?format=json', {
    method: 'POST',
    body: JSON.stringify({ path: '/Plans/zeppelin.md', shareType: 0, shareWith: 'bob' }),
  });
  const share = ((await created.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
  const onCreate = await dispatchShareEvent('created', share);
  await until('bob finds the shared file', async () => (await bobFinds('zeppelin hangar')) > 0, { timeoutMs: 8000 });

  const removed = await aliceShares(`/${String(share.id)}?format=json`, { method: 'DELETE' });
  expect(removed.status).toBe(200);
  const onDelete = await dispatchShareEvent('deleted', share);

  await until("the unshared file leaves bob's search", async () => (await bobFinds('zeppelin hangar')) === 0, {
    timeoutMs: 8000,
  });
  // The notice held alice's request up for no more than the sidecar's answer takes.
  expect(Math.max(onCreate.handled_in_ms, onDelete.handled_in_ms)).toBeLessThan(2000);
  expect(sidecar.logText()).toContain('"reason":"share_deleted"');
});
