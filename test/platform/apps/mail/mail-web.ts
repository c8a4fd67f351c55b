// The Mail double's web routes (`/index.php/apps/mail/api/…`, Mail's own web app calls them) that the sidecar uses
// because OCS does not offer them: drafts, the outbox, flags, move and delete. Nextcloud lets a request that is not
// the web app's through only with `OCS-APIRequest` (else 412 "CSRF check failed").
// unverified: the CSRF rule for these routes (source: lib/private/AppFramework/Http/Request.php passesCSRFCheck and
// SecurityMiddleware in nextcloud/server; the Mail controllers carry no NoCSRFRequired on them).
import type { ServerResponse } from 'node:http';
import { sendJson, type DoubleRequest } from '../../double-app.js';
import { describeLocalMessage } from './mail-json.js';
import type { LocalMessage, MailAddress, MailStore, UserMail } from './mail-store.js';

export const WEB_PREFIX = '/index.php/apps/mail/api';

type Body = Record<string, unknown>;

/** A refusal as Mail's controllers answer it: a status and a JSON body. */
class MailRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Mail refused with ${status}`);
  }
}

export async function handleMailWeb(store: MailStore, req: DoubleRequest, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.headers['ocs-apirequest'] !== 'true') {
    return sendJson(res, 412, { message: 'CSRF check failed' });
  }
  const userId = req.user!.id;
  const mail = store.userMail(userId);
  try {
    const body = req.method === 'GET' || req.method === 'DELETE' ? {} : (((await req.json()) ?? {}) as Body);
    const [status, answer] = route(store, mail, userId, req, req.path.slice(WEB_PREFIX.length), body);
    sendJson(res, status, answer);
  } catch (error) {
    if (!(error instanceof MailRefusal)) throw error;
    sendJson(res, error.status, error.body);
  }
}

function route(
  store: MailStore,
  mail: UserMail,
  userId: string,
  req: DoubleRequest,
  path: string,
  body: Body,
): [number, unknown] {
  const key = `${req.method} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
  const id = Number(/\/(\d+)(?:\/|$)/.exec(path)?.[1]);
  switch (key) {
    case 'GET /accounts':
      // Verified: 200 [] for a user without accounts.
      return [200, [...mail.accounts.values()].map((a) => ({ id: a.id, emailAddress: a.email }))];
    case 'GET /mailboxes':
      accountOf(mail, userId, Number(req.url.searchParams.get('accountId')));
      return [200, { mailboxes: [] }];
    case 'POST /drafts': {
      const draft = toLocalMessage(store.nextId(), 1, mail, userId, body);
      mail.local.set(draft.id, draft);
      return [201, success(describeLocalMessage(draft))];
    }
    case 'PUT /drafts/{id}': {
      localOf(mail, id, 1);
      const draft = toLocalMessage(id, 1, mail, userId, body);
      mail.local.set(id, draft);
      return [202, success(describeLocalMessage(draft))];
    }
    case 'POST /outbox/from-draft/{id}': {
      // The draft becomes an outbox message with a new id; the draft is gone (OutboxService::convertDraft).
      const draft = localOf(mail, id, 1);
      mail.local.delete(id);
      const outbox = { ...draft, id: store.nextId(), type: 0 as const };
      mail.local.set(outbox.id, outbox);
      return [201, success(describeLocalMessage(outbox))];
    }
    case 'POST /outbox/{id}':
      return sendOutbox(store, mail, localOf(mail, id, 0));
    case 'PUT /messages/{id}/flags': {
      const message = messageOf(mail, id);
      const flags = (body.flags ?? {}) as Record<string, unknown>;
      if ('seen' in flags) message.seen = isTrue(flags.seen);
      if ('flagged' in flags) message.flagged = isTrue(flags.flagged);
      return [200, []];
    }
    case 'POST /messages/{id}/move': {
      const message = messageOf(mail, id);
      const target = mail.mailboxes.get(Number(body.destFolderId));
      if (!target) throw new MailRefusal(403, []);
      store.moveStored(mail, message, target.id);
      return [200, []];
    }
    case 'DELETE /messages/{id}': {
      // Mail moves to the account's trash, or expunges in the trash. unverified (source: lib/Service/MailManager.php
      // deleteMessage).
      const message = messageOf(mail, id);
      const source = mail.mailboxes.get(message.mailboxId)!;
      const trash = [...mail.mailboxes.values()].find(
        (m) => m.accountId === source.accountId && m.specialRole === 'trash',
      );
      if (trash && trash.id !== source.id) store.moveStored(mail, message, trash.id);
      else mail.messages.delete(message.id);
      return [200, []];
    }
    default:
      throw new MailRefusal(404, { message: 'Page not found' });
  }
}

/** Sends an outbox message: recorded instead of SMTP, a copy in the Sent mailbox, gone from the outbox. */
function sendOutbox(store: MailStore, mail: UserMail, outbox: LocalMessage): [number, unknown] {
  const account = mail.accounts.get(outbox.accountId)!;
  // unverified: a message without recipients fails to send (source: lib/Controller/OutboxController.php send, which
  // answers 500 "Could not send message" when the message is not processed).
  if (outbox.to.length + outbox.cc.length + outbox.bcc.length === 0) {
    throw new MailRefusal(500, { status: 'error', message: 'Could not send message', data: [] });
  }
  const body = outbox.bodyPlain ?? outbox.editorBody ?? '';
  mail.sent.push({
    from: account.email,
    to: outbox.to.map((r) => r.email),
    cc: outbox.cc.map((r) => r.email),
    bcc: outbox.bcc.map((r) => r.email),
    subject: outbox.subject,
    body,
    inReplyTo: outbox.inReplyToMessageId,
  });
  const sentBox = [...mail.mailboxes.values()].find((m) => m.accountId === account.id && m.specialRole === 'sent');
  if (sentBox) {
    const date = Math.floor(Date.now() / 1000);
    const from = [{ label: account.email, email: account.email }];
    store.storeMessage(mail, sentBox.id, {
      subject: outbox.subject,
      from,
      to: outbox.to,
      date,
      plain: body,
      seen: true,
    });
  }
  mail.local.delete(outbox.id);
  return [202, success('Message sent')];
}

function toLocalMessage(id: number, type: 0 | 1, mail: UserMail, userId: string, body: Body): LocalMessage {
  // A missing or mistyped required argument fails in PHP before the controller runs. unverified: the answer
  // (source: lib/Http/TrapError.php in nextcloud/mail turns any Throwable into 500).
  if (typeof body.accountId !== 'number' || typeof body.subject !== 'string' || typeof body.isHtml !== 'boolean') {
    throw new MailRefusal(500, { status: 'error', message: 'Internal Server Error', data: [] });
  }
  accountOf(mail, userId, body.accountId);
  return {
    id,
    type,
    accountId: body.accountId,
    subject: body.subject,
    bodyPlain: typeof body.bodyPlain === 'string' ? body.bodyPlain : null,
    bodyHtml: typeof body.bodyHtml === 'string' ? body.bodyHtml : null,
    editorBody: typeof body.editorBody === 'string' ? body.editorBody : null,
    html: body.isHtml,
    inReplyToMessageId: typeof body.inReplyToMessageId === 'string' ? body.inReplyToMessageId : null,
    to: recipients(body.to),
    cc: recipients(body.cc),
    bcc: recipients(body.bcc),
    updatedAt: Math.floor(Date.now() / 1000),
  };
}

/**
 * Verified for the mailboxes route: 400 `{"status":"fail","data":{"message":"no Delegated account …"}}`.
 * unverified: the same answer on the drafts routes (source: lib/Controller/DraftsController.php, AccountService::find).
 */
function accountOf(mail: UserMail, userId: string, accountId: number) {
  const account = mail.accounts.get(accountId);
  if (!account) {
    const message = `no Delegated account with id: <${accountId}> exists for user <${userId}>`;
    throw new MailRefusal(400, { status: 'fail', data: { message, type: 'OCA\\Mail\\Exception\\ClientException' } });
  }
  return account;
}

/** unverified: an unknown or foreign local message answers 404 `{"status":"fail","data":[]}` (source:
 * lib/Http/TrapError.php, DoesNotExistException from LocalMessageMapper). */
function localOf(mail: UserMail, id: number, type: 0 | 1): LocalMessage {
  const message = mail.local.get(id);
  if (!message || message.type !== type) throw new MailRefusal(404, { status: 'fail', data: [] });
  return message;
}

/** An unknown or foreign message: 403 `[]` (MessagesController catches DoesNotExistException). unverified. */
function messageOf(mail: UserMail, id: number) {
  const message = mail.messages.get(id);
  if (!message) throw new MailRefusal(403, []);
  return message;
}

function recipients(raw: unknown): MailAddress[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry: { label?: unknown; email?: unknown }) => ({
    label: typeof entry.label === 'string' ? entry.label : String(entry.email ?? ''),
    email: String(entry.email ?? ''),
  }));
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

function success(data: unknown) {
  return { status: 'success', data };
}
