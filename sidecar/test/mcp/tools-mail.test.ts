// The mail tools over MCP, against the platform double's mail app, with the sidecar in basic mode: every tool, the
// refusals, and the journey of an assistant answering a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailApp, type MailDouble } from '../../../test/platform/apps/mail.js';
import { errorText, listedToolNames, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

type Listed = { messages: { id: number; subject: string; from: string; seen: boolean; flagged: boolean }[] };
type Page = Listed & { next_cursor: string | null };
type Message = { subject: string; from: string; body: string; attachments: string[]; flagged: boolean };
type Draft = { id: number; subject: string; to: string[]; in_reply_to: string | null; body: string };

const BOB = { label: 'Bob Example', email: 'bob@mail.example' };
const ALICE = { label: 'Alice', email: 'alice@mail.example' };
const HOSTILE_HTML =
  '<p>Quarterly <b>numbers</b></p><script>steal()</script><style>p{}</style><img src=x onerror="alert(1)">' +
  '<ul><li>up</li><li>down</li></ul><a href="javascript:x">details</a>';

let harness: ToolHarness;
let mail: MailDouble;
let accountId: number;
let boxes: Record<string, number>;
let reportId: number;

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const get = async <T>(name: string, args: Record<string, unknown> = {}) => structured<T>(await call(name, args));
const seed = (subject: string, date: number, extra: Record<string, unknown> = {}) =>
  mail.addMessage('alice', boxes.inbox!, {
    subject,
    from: [BOB],
    to: [ALICE],
    date,
    plain: `${subject} text`,
    ...extra,
  });

beforeAll(async () => {
  mail = createMailApp();
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [mail] });
  ({ accountId, mailboxIds: boxes } = mail.addAccount('alice', ALICE.email));
  for (let n = 1; n <= 5; n += 1) seed(`Newsletter ${n}`, 1000 + n);
  reportId = seed('Quarterly report', 5000, {
    plain: undefined,
    html: HOSTILE_HTML,
    cc: [{ label: 'Carol', email: 'carol@mail.example' }],
    attachments: [{ fileName: 'q3.pdf', mime: 'application/pdf', size: 2048 }],
  });
});
afterAll(() => harness.close());

describe('mail tools: listing', () => {
  it('are listed when Mail is in the user menu, destructive where they send or delete, and absent without Mail', async () => {
    const { tools } = await harness.client.listTools();
    const withoutMail = await listedToolNames([]);

    const mailTools = tools.filter((tool) => tool.name.startsWith('nc_mail_'));
    expect(mailTools).toHaveLength(10);
    const annotationsOf = (name: string) => mailTools.find((tool) => tool.name === name)?.annotations;
    // Open world is the spec's default, so the listed hints leave it out: sending reaches outside Nextcloud.
    expect(annotationsOf('nc_mail_send_draft')).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(annotationsOf('nc_mail_delete_message')).toMatchObject({ destructiveHint: true });
    expect(withoutMail.filter((name) => name.startsWith('nc_mail_'))).toEqual([]);
  });

  it('lists the accounts and the mailboxes of one with their roles', async () => {
    const { accounts } = await get<{ accounts: { id: number; email: string }[] }>('nc_mail_list_accounts');
    const { mailboxes } = await get<{ mailboxes: { id: number; name: string; role: string | null; unread: number }[] }>(
      'nc_mail_list_mailboxes',
      { account_id: accountId },
    );

    expect(accounts).toEqual([{ id: accountId, email: ALICE.email }]);
    expect(mailboxes.find((m) => m.role === 'inbox')).toMatchObject({ id: boxes.inbox, name: 'Inbox' });
    expect(mailboxes.map((m) => m.role)).toEqual(['inbox', 'sent', 'drafts', 'trash', 'archive']);
  });

  it('refuses the mailboxes of an account that is not the caller’s as not found', async () => {
    const text = errorText(await call('nc_mail_list_mailboxes', { account_id: accountId + 1000 }));

    expect(text).toContain('Mail has no account');
  });

  it('pages a mailbox newest first with next_cursor, null on the last page', async () => {
    const first = await get<Page>('nc_mail_list_messages', { mailbox_id: boxes.inbox, limit: 4 });
    const second = await get<Page>('nc_mail_list_messages', {
      mailbox_id: boxes.inbox,
      limit: 4,
      cursor: first.next_cursor,
    });

    expect(first.messages.map((m) => m.subject)).toEqual([
      'Quarterly report',
      'Newsletter 5',
      'Newsletter 4',
      'Newsletter 3',
    ]);
    expect(second.messages.map((m) => m.subject)).toEqual(['Newsletter 2', 'Newsletter 1']);
    expect(second.next_cursor).toBeNull();
  });

  it('searches a mailbox by query and by unread', async () => {
    const seenId = seed('Seen already', 10, { seen: true });

    const found = await get<Page>('nc_mail_list_messages', { mailbox_id: boxes.inbox, query: 'quarterly' });
    const unread = await get<Page>('nc_mail_list_messages', { mailbox_id: boxes.inbox, unread_only: true, limit: 50 });

    expect(found.messages.map((m) => m.subject)).toEqual(['Quarterly report']);
    expect(unread.messages.map((m) => m.id)).not.toContain(seenId);
    expect(unread.messages.length).toBe(6);
  });

  it('refuses a cursor it did not give', async () => {
    const text = errorText(await call('nc_mail_list_messages', { mailbox_id: boxes.inbox, cursor: 'abc' }));

    expect(text).toContain('next_cursor');
  });
});

describe('mail tools: reading', () => {
  it('reads an HTML message as plain text without scripts, styles, images or link targets', async () => {
    const message = await get<Message>('nc_mail_get_message', { message_id: reportId });

    expect(message.body).toBe('Quarterly numbers\n- up\n- down\ndetails');
    expect(message.from).toBe('Bob Example <bob@mail.example>');
    expect(message.attachments).toEqual(['q3.pdf (2048 bytes)']);
  });

  it('cuts a long body at max_chars with a marker saying how much is left out', async () => {
    const id = seed('Long', 20, { plain: 'x'.repeat(1000) });

    const message = await get<Message>('nc_mail_get_message', { message_id: id, max_chars: 100 });

    expect(message.body).toBe(`${'x'.repeat(100)}\n[truncated: 900 more characters]`);
  });

  it('answers an unknown message as not found', async () => {
    const text = errorText(await call('nc_mail_get_message', { message_id: 999999 }));

    expect(text).toContain('Mail has no message 999999');
  });
});

describe('mail tools: drafts and sending', () => {
  it('saves a draft and replaces it with draft_id', async () => {
    const created = await get<Draft>('nc_mail_save_draft', { account_id: accountId, subject: 'Hi', body: 'One' });
    const updated = await get<Draft>('nc_mail_save_draft', {
      draft_id: created.id,
      account_id: accountId,
      to: ['dan@mail.example'],
      subject: 'Hi again',
      body: 'Two',
    });

    expect(updated).toEqual({
      id: created.id,
      subject: 'Hi again',
      to: ['dan@mail.example'],
      in_reply_to: null,
      body: 'Two',
    });
  });

  it('refuses an address that is not one and sends nothing', async () => {
    const text = errorText(
      await call('nc_mail_save_draft', { account_id: accountId, to: ['not an address'], subject: 'x', body: 'y' }),
    );

    expect(text).toContain('an e-mail address');
  });

  it('drafts a reply to all without the own address, and a forward', async () => {
    const reply = await get<Draft>('nc_mail_create_reply', {
      message_id: reportId,
      account_id: accountId,
      body: 'Thanks',
      reply_all: true,
    });
    const forwarded = await get<Draft>('nc_mail_create_reply', {
      message_id: reportId,
      account_id: accountId,
      forward_to: ['erin@mail.example'],
    });

    expect(reply).toMatchObject({ subject: 'Re: Quarterly report', to: [BOB.email] });
    expect(mail.recipientsOf('alice', reply.id)).toEqual({ to: [BOB.email], cc: ['carol@mail.example'], bcc: [] });
    expect(reply.in_reply_to).toMatch(/^<message-\d+@mail\.example>$/);
    expect(reply.body).toContain('> Quarterly numbers');
    expect(forwarded).toMatchObject({ subject: 'Fwd: Quarterly report', to: ['erin@mail.example'], in_reply_to: null });
    expect(forwarded.body).toContain('---------- Forwarded message ----------');
  });

  it("passes Mail's reason on when it cannot send a draft (no recipients), and nothing is sent", async () => {
    const draft = await get<Draft>('nc_mail_save_draft', { account_id: accountId, subject: 'Nobody', body: '-' });

    const text = errorText(await call('nc_mail_send_draft', { draft_id: draft.id }));

    expect(text).toContain('Mail failed: \\"Could not send message\\"');
    expect(mail.sent('alice')).toEqual([]);
  });

  it('refuses to send a draft that does not exist', async () => {
    const text = errorText(await call('nc_mail_send_draft', { draft_id: 999999 }));

    expect(text).toContain('Mail has no draft 999999');
    expect(mail.sent('alice')).toEqual([]);
  });
});

describe('mail tools: changing messages', () => {
  it('marks messages read and flagged', async () => {
    const id = seed('To mark', 30);

    await get('nc_mail_mark_messages', { message_ids: [id], as: 'read' });
    const marked = await get<{ marked: number }>('nc_mail_mark_messages', { message_ids: [id, id], as: 'flagged' });

    const { messages } = await get<Listed>('nc_mail_list_messages', { mailbox_id: boxes.inbox, query: 'To mark' });
    expect(messages[0]).toMatchObject({ seen: true, flagged: true });
    expect(marked.marked).toBe(1);
  });

  it('says how many messages it marked before one that Mail does not have', async () => {
    const id = seed('Marked before', 31);

    const text = errorText(await call('nc_mail_mark_messages', { message_ids: [id, 999999], as: 'read' }));

    expect(text).toContain('Mail has no message 999999');
    expect(text).toContain('Marked 1 of 2 messages before it.');
  });

  it('moves a message to another mailbox and deletes one to the trash', async () => {
    const toMove = seed('To move', 40);
    const toDelete = seed('To delete', 41);

    await get('nc_mail_move_message', { message_id: toMove, target_mailbox_id: boxes.archive });
    await get('nc_mail_delete_message', { message_id: toDelete });

    const archive = await get<Listed>('nc_mail_list_messages', { mailbox_id: boxes.archive });
    const trash = await get<Listed>('nc_mail_list_messages', { mailbox_id: boxes.trash });
    expect(archive.messages.map((m) => m.subject)).toEqual(['To move']);
    expect(trash.messages.map((m) => m.subject)).toEqual(['To delete']);
  });

  it('answers a change of an unknown message as not found', async () => {
    const text = errorText(await call('nc_mail_delete_message', { message_id: 999999 }));

    expect(text).toContain('Mail has no message 999999');
  });
});

describe('mail tools: journey', () => {
  it('finds a message, reads it as text, drafts and edits a reply, sends it, then files, flags and deletes', async () => {
    const { accounts } = await get<{ accounts: { id: number }[] }>('nc_mail_list_accounts');
    const account = accounts[0]!.id;
    const { mailboxes } = await get<{ mailboxes: { id: number; role: string | null }[] }>('nc_mail_list_mailboxes', {
      account_id: account,
    });
    const inbox = mailboxes.find((m) => m.role === 'inbox')!.id;
    const archive = mailboxes.find((m) => m.role === 'archive')!.id;
    const { messages } = await get<Listed>('nc_mail_list_messages', { mailbox_id: inbox, query: 'quarterly' });
    const read = await get<Message>('nc_mail_get_message', { message_id: messages[0]!.id });
    const draft = await get<Draft>('nc_mail_create_reply', {
      message_id: messages[0]!.id,
      account_id: account,
      body: 'Hi',
    });
    const edited = await get<Draft>('nc_mail_save_draft', {
      draft_id: draft.id,
      account_id: account,
      to: draft.to,
      subject: draft.subject,
      body: draft.body.replace('Hi', 'Looks good, thanks'),
      in_reply_to: draft.in_reply_to,
    });
    await get('nc_mail_send_draft', { draft_id: edited.id });
    await get('nc_mail_move_message', { message_id: messages[0]!.id, target_mailbox_id: archive });
    const filed = (await get<Listed>('nc_mail_list_messages', { mailbox_id: archive, query: 'quarterly' }))
      .messages[0]!;
    await get('nc_mail_mark_messages', { message_ids: [filed.id], as: 'flagged' });
    await get('nc_mail_delete_message', { message_id: filed.id });

    expect(read.body).toContain('Quarterly numbers');
    expect(mail.sent('alice')).toEqual([
      {
        from: ALICE.email,
        to: [BOB.email],
        cc: [],
        bcc: [],
        subject: 'Re: Quarterly report',
        body: expect.stringMatching(
          /^Looks good, thanks\n\nOn .* UTC, Bob Example <bob@mail.example> wrote:\n> Quarterly numbers/,
        ),
        inReplyTo: draft.in_reply_to,
      },
    ]);
    const trash = await get<Listed>('nc_mail_list_messages', { mailbox_id: boxes.trash, query: 'quarterly' });
    expect(trash.messages).toEqual([expect.objectContaining({ subject: 'Quarterly report', flagged: true })]);
  });
});
