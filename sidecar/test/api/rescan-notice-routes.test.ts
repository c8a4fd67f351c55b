// POST /api/v1/knowledge/rescan-notices against a real sidecar: only the management key may call it (and only when
// one is set), bad bodies change nothing, unknown users are a 404, and notices are coalesced and rate-limited per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { syncSidecarEnv } from '../support/knowledge-sidecar.js';
import { startNextcloudWithOidc } from '../support/nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const API_KEY = 'management-key-for-rescan-notices';
const PASSWORDS = {
  alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA',
  bob: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB',
  carol: 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC',
};
const PATH = '/api/v1/knowledge/rescan-notices';
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
/** The same server without a management key. */
let keyless: TestSidecar;

interface NoticeAnswer {
  accepted: number;
  notices: { user_id: string; outcome: string; scan_in_ms: number | null }[];
}

const notify = (body: unknown, headers: Record<string, string> = { 'x-api-key': API_KEY }, target = sidecar) =>
  fetch(`${target.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const outcomesOf = async (response: Response) =>
  ((await response.json()) as NoticeAnswer).notices.map(({ user_id, outcome }) => [user_id, outcome]);
const metrics = async () => (await fetch(`${sidecar.url}/metrics`, { headers: { 'x-api-key': API_KEY } })).text();

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc(
    Object.entries(PASSWORDS).map(([id, password]) => ({ id, appPasswords: [password] })),
    { apps: [createFilesApp()] },
  );
  const env = await syncSidecarEnv(nextcloud.url, {
    MANAGEMENT_API_KEY: API_KEY,
    KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE: '2',
    METRICS_ENABLED: 'true',
  });
  sidecar = await startTestSidecar(env);
  for (const [userId, password] of Object.entries(PASSWORDS)) {
    const provisioned = await fetch(`${sidecar.url}/api/v1/users/${userId}/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth(userId, password), 'x-api-key': API_KEY },
    });
    expect(provisioned.status).toBe(200);
  }
  keyless = await startTestSidecar(await syncSidecarEnv(nextcloud.url));
}, 60_000);
afterAll(async () => {
  await keyless?.stop();
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('who may send rescan notices', () => {
  it('answers 401 without the management key and with a wrong one', async () => {
    const body = { user_ids: ['bob'], doc_types: ['file'] };

    const answers = [await notify(body, {}), await notify(body, { 'x-api-key': 'not-the-key' })];

    expect(answers.map((answer) => answer.status)).toEqual([401, 401]);
  });

  it('answers 403 on a server without a management key, where nothing tells the companion apart', async () => {
    const response = await notify({ user_ids: ['bob'], doc_types: ['file'] }, {}, keyless);

    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/MANAGEMENT_API_KEY/);
  });
});

describe('what a notice may say', () => {
  it.each([
    ['no object', ['bob']],
    ['no user ids', { doc_types: ['file'] }],
    ['an empty list of users', { user_ids: [], doc_types: ['file'] }],
    ['101 users', { user_ids: Array.from({ length: 101 }, (_, i) => `user${i}`), doc_types: ['file'] }],
    ['a user id with a slash', { user_ids: ['../bob'], doc_types: ['file'] }],
    ['an unknown document type', { user_ids: ['bob'], doc_types: ['boards'] }],
    ['no document types', { user_ids: ['bob'], doc_types: [] }],
    ['an unknown field', { user_ids: ['bob'], doc_types: ['file'], path: '/x' }],
    ['a reason that is not a word', { user_ids: ['bob'], doc_types: ['file'], reason: 'Shared <b>' }],
  ])('answers 400 for %s and counts no notice', async (_case, body) => {
    const before = await metrics();

    const response = await notify(body);

    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_input');
    expect(noticeLines(await metrics())).toEqual(noticeLines(before));
  });

  it('answers 404 when none of the named users is synced here, and counts them', async () => {
    const response = await notify({ user_ids: ['mallory', 'trudy'], doc_types: ['file'] });

    expect(response.status).toBe(404);
    expect(await metrics()).toMatch(/rescan_notices_total\{outcome="unknown_user"\} [2-9]/);
  });
});

describe('coalescing and the rate limit', () => {
  it('joins a second notice for the same user to the scan already waiting, and answers the unknown ones beside it', async () => {
    const first = await notify({ user_ids: ['bob'], doc_types: ['file'], reason: 'share_created' });

    const second = await notify({ user_ids: ['bob', 'nobody'], doc_types: ['note'] });

    expect(first.status).toBe(202);
    expect(await outcomesOf(first)).toEqual([['bob', 'scheduled']]);
    expect(second.status).toBe(202);
    expect(await outcomesOf(second)).toEqual([
      ['bob', 'coalesced'],
      ['nobody', 'unknown_user'],
    ]);
  });

  it('defers the notice past the per-minute allowance until a scan is free again, and counts it', async () => {
    const answers: NoticeAnswer[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await notify({ user_ids: ['carol'], doc_types: ['file'] });
      answers.push((await response.json()) as NoticeAnswer);
      // Past the coalescing delay: the next notice finds no scan waiting.
      await new Promise((resolve) => setTimeout(resolve, 1300));
    }

    const [first, second, third] = answers.map((answer) => answer.notices[0]!);
    expect([first?.outcome, second?.outcome, third?.outcome]).toEqual(['scheduled', 'scheduled', 'deferred']);
    expect(third?.scan_in_ms).toBeGreaterThan(50_000);
    expect(await metrics()).toMatch(/rescan_notices_total\{outcome="deferred"\} [1-9]/);
  }, 15_000);
});

function noticeLines(text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('nextcloud_mcp_knowledge_rescan_notices_total'));
}
