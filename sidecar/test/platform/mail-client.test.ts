// The platform's Mail client against the double (docs/nextcloud-behaviour.md, "Mail"): every web route carries
// OCS-APIRequest (the double refuses it without, as Nextcloud's CSRF check does), and Mail's refusals map to the
// sidecar's errors in one place: unknown items as not found, a refused CSRF check and Mail's 500 as upstream failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailApp, type MailDouble } from '../../../test/platform/apps/mail.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { NotFoundError, UpstreamError } from '../../src/errors.js';
import { createHttpClient, type HttpClient } from '../../src/net/http-client.js';
import { createDraft, sendDraft } from '../../src/platform/mail/mail-drafts.js';
import { listMessages } from '../../src/platform/mail/mail-messages.js';
import { mailPaths } from '../../src/platform/mail/mail-paths.js';
import { requestMail } from '../../src/platform/mail/mail-request.js';
import { createNextcloudClient, type NextcloudClient } from '../../src/platform/nextcloud-client.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
let double: PlatformDouble;
let mail: MailDouble;
let http: HttpClient;
let client: NextcloudClient;
let accountId: number;
let inbox: number;

beforeAll(async () => {
  mail = createMailApp();
  double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [PASSWORD] }], apps: [mail] });
  http = createHttpClient({ verifySsl: true, timeoutMs: 5000, userAgent: 'test' });
  client = createNextcloudClient({ http, host: double.url, credentials: { loginName: 'alice', password: PASSWORD } });
  const account = mail.addAccount('alice', 'alice@mail.example');
  accountId = account.accountId;
  inbox = account.mailboxIds.inbox!;
});
afterAll(async () => {
  await http.close();
  await double.close();
});

describe('mail client', () => {
  it('sends a draft through the outbox with OCS-APIRequest on every web request', async () => {
    const draft = await createDraft(client, {
      accountId,
      subject: 'Hi',
      body: 'Text',
      to: ['bob@mail.example'],
      cc: [],
      bcc: [],
    });

    await sendDraft(client, draft.id);

    const webRequests = double.requests.filter((request) => request.path.startsWith('/index.php/apps/mail/'));
    expect(webRequests.map((request) => request.headers['ocs-apirequest'])).toEqual(['true', 'true', 'true']);
    expect(mail.sent('alice')).toHaveLength(1);
  });

  it('turns a refused CSRF check (412) into an upstream failure, not a conflict', async () => {
    const refused = requestMail(client, mailPaths.messageFlags(1), 'message 1', {
      method: 'PUT',
      json: { flags: { seen: true } },
      headers: { 'ocs-apirequest': '' },
    });

    await expect(refused).rejects.toThrow(UpstreamError);
    await expect(refused).rejects.toThrow('CSRF check');
  });

  it('turns an unknown mailbox (OCS 403) into not found naming it', async () => {
    const listing = listMessages(client, { mailboxId: 999999, limit: 5, filter: '' });

    await expect(listing).rejects.toThrow(NotFoundError);
    await expect(listing).rejects.toThrow('Mail has no mailbox 999999');
  });

  it('asks one message more than the page to know whether another page follows', async () => {
    for (const date of [10, 20, 30]) {
      mail.addMessage('alice', inbox, { subject: `m${date}`, from: [], to: [], date, plain: '' });
    }

    const page = await listMessages(client, { mailboxId: inbox, limit: 2, filter: '' });
    const last = await listMessages(client, { mailboxId: inbox, limit: 2, filter: '', before: page.nextBefore! });

    expect(page.messages.map((m) => m.subject)).toEqual(['m30', 'm20']);
    expect(page.nextBefore).toBe(20);
    expect([last.messages.map((m) => m.subject), last.nextBefore]).toEqual([['m10'], null]);
  });
});
