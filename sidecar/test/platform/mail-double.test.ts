// The mail app of the platform double behaves as docs/nextcloud-behaviour.md says Mail 5.11 does (OCS for reading,
// the web routes for drafts, the outbox, flags, move and delete), one test per fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailApp, type MailDouble } from '../../../test/platform/apps/mail.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'WWWWW-WWWWW-WWWWW-WWWWW-WWWWW';
const OTHER_PASSWORD = 'VVVVV-VVVVV-VVVVV-VVVVV-VVVVV';
const ALICE = { label: 'Alice', email: 'alice@mail.example' };
let double: PlatformDouble;
let mail: MailDouble;
let boxes: Record<string, number>;
let accountId: number;
let firstId: number;

beforeAll(async () => {
  mail = createMailApp();
  double = await startPlatformDouble({
    users: [
      { id: 'walt', appPasswords: [PASSWORD] },
      { id: 'jesse', appPasswords: [OTHER_PASSWORD] },
    ],
    apps: [mail],
  });
  ({ accountId, mailboxIds: boxes } = mail.addAccount('walt', 'walt@mail.example'));
  mail.addAccount('jesse', 'jesse@mail.example');
  const to = [{ label: 'Walt', email: 'walt@mail.example' }];
  firstId = mail.addMessage('walt', boxes.inbox!, { subject: 'Lunch?', from: [ALICE], to, date: 1000, plain: 'Noon?' });
  mail.addMessage('walt', boxes.inbox!, { subject: 'Report', from: [ALICE], to, date: 2000, html: '<p>Hi</p>' });
});
afterAll(() => double.close());

type Answer = { status: number; body: unknown };
async function ocs(path: string, password = PASSWORD, user = 'walt'): Promise<Answer> {
  const response = await fetch(`${double.url}/ocs/v2.php/apps/mail${path}`, {
    headers: { authorization: basicAuth(user, password), 'ocs-apirequest': 'true', accept: 'application/json' },
  });
  const body = (await response.json()) as { ocs: { data: unknown } };
  return { status: response.status, body: body.ocs.data };
}
async function web(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${double.url}/index.php/apps/mail/api${path}`, {
    method,
    headers: {
      authorization: basicAuth('walt', PASSWORD),
      'content-type': 'application/json',
      'ocs-apirequest': 'true',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const draftFields = (to: string[]) => ({
  accountId,
  subject: 'Hello',
  bodyPlain: 'Text',
  bodyHtml: null,
  editorBody: 'Text',
  isHtml: false,
  smimeSign: false,
  smimeEncrypt: false,
  to: to.map((email) => ({ label: email, email })),
});

describe('mail double: OCS', () => {
  it('publishes no capabilities entry and shows in the app menu', async () => {
    const headers = { authorization: basicAuth('walt', PASSWORD), 'ocs-apirequest': 'true' };
    const caps = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, { headers });
    const menu = await fetch(`${double.url}/ocs/v2.php/core/navigation/apps?format=json`, { headers });

    expect(
      ((await caps.json()) as { ocs: { data: { capabilities: object } } }).ocs.data.capabilities,
    ).not.toHaveProperty('mail');
    expect(JSON.stringify(await menu.json())).toContain('"id":"mail"');
  });

  it('lists the accounts of the caller only', async () => {
    const answer = await ocs('/account/list');

    expect(answer.body).toEqual([{ id: accountId, email: 'walt@mail.example', isDelegated: false, aliases: [] }]);
  });

  it("answers another user's account with 404 and an unknown mailbox with 403", async () => {
    const mailboxes = await ocs(`/mailbox/list?accountId=${accountId}`, OTHER_PASSWORD, 'jesse');
    const messages = await ocs(`/mailbox/messages/list?mailboxId=${boxes.inbox}`, OTHER_PASSWORD, 'jesse');

    expect([mailboxes.status, messages.status]).toEqual([404, 403]);
  });

  it('lists messages newest first, before a cursor, matching a filter', async () => {
    const all = (await ocs(`/mailbox/messages/list?mailboxId=${boxes.inbox}`)).body as { subject: string }[];
    const older = (await ocs(`/mailbox/messages/list?mailboxId=${boxes.inbox}&cursor=2000`)).body as unknown[];
    const found = (await ocs(`/mailbox/messages/list?mailboxId=${boxes.inbox}&filter=report`)).body as unknown[];

    expect(all.map((m) => m.subject)).toEqual(['Report', 'Lunch?']);
    expect([older.length, found.length]).toEqual([1, 1]);
  });

  it('answers a message with its HTML body and hasHtmlBody, and an unknown one with 404', async () => {
    const [report] = mail.messageIdsIn('walt', boxes.inbox!).filter((id) => id !== firstId);
    const found = await ocs(`/message/${report}`);
    const unknown = await ocs('/message/999999');

    expect(found.body).toMatchObject({ id: report, hasHtmlBody: true, body: '<p>Hi</p>' });
    expect([unknown.status, unknown.body]).toEqual([404, 'Account not found.']);
  });
});

describe('mail double: web routes', () => {
  it('refuses a change without OCS-APIRequest with 412', async () => {
    const answer = await web('PUT', `/messages/${firstId}/flags`, { flags: { seen: true } }, { 'ocs-apirequest': '' });

    expect(answer).toEqual({ status: 412, body: { message: 'CSRF check failed' } });
  });

  it("refuses a draft for another user's account with 400 fail", async () => {
    const answer = await web('POST', '/drafts', { ...draftFields([]), accountId: accountId + 100 });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'fail', data: { message: expect.stringContaining('no Delegated') } });
  });

  it('creates a draft (201), replaces it (202), and sends it through the outbox, recording the message', async () => {
    const created = (await web('POST', '/drafts', draftFields([]))) as {
      status: number;
      body: { data: { id: number } };
    };
    const updated = await web('PUT', `/drafts/${created.body.data.id}`, draftFields(['bob@mail.example']));
    const outbox = (await web('POST', `/outbox/from-draft/${created.body.data.id}`)) as {
      body: { data: { id: number } };
    };
    const sent = await web('POST', `/outbox/${outbox.body.data.id}`);

    expect([created.status, updated.status, sent.status]).toEqual([201, 202, 202]);
    expect(mail.sent('walt')).toEqual([expect.objectContaining({ to: ['bob@mail.example'], subject: 'Hello' })]);
  });

  it('refuses to send an outbox message without recipients with 500', async () => {
    const draft = (await web('POST', '/drafts', draftFields([]))) as { body: { data: { id: number } } };
    const outbox = (await web('POST', `/outbox/from-draft/${draft.body.data.id}`)) as {
      body: { data: { id: number } };
    };

    const sent = await web('POST', `/outbox/${outbox.body.data.id}`);

    expect(sent.status).toBe(500);
  });

  it('answers flags, move and delete of an unknown message with 403 []', async () => {
    const answers = await Promise.all([
      web('PUT', '/messages/999999/flags', { flags: { seen: true } }),
      web('POST', '/messages/999999/move', { destFolderId: boxes.archive }),
      web('DELETE', '/messages/999999'),
    ]);

    expect(answers).toEqual(Array(3).fill({ status: 403, body: [] }));
  });

  it('deletes a message to the trash first, and for good from the trash', async () => {
    const id = mail.addMessage('walt', boxes.inbox!, { subject: 'Spam', from: [ALICE], to: [], date: 5, plain: '' });

    await web('DELETE', `/messages/${id}`);
    const [inTrash] = mail.messageIdsIn('walt', boxes.trash!);
    await web('DELETE', `/messages/${inTrash}`);

    expect(inTrash).toBeGreaterThan(id);
    expect(mail.messageIdsIn('walt', boxes.trash!)).toEqual([]);
  });
});
