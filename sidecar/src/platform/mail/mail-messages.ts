// Mail messages: a mailbox's messages newest first in pages, optionally searched (OCS); one message with its body
// (OCS); and the web routes that change a message: flags, moving it, deleting it.
import type { NextcloudClient } from '../nextcloud-client.js';
import { toMailMessage, toMailMessageSummary, type MailMessage, type MailMessageSummary } from './mail-models.js';
import { mailPaths } from './mail-paths.js';
import { requestMail } from './mail-request.js';

export interface MessageQuery {
  mailboxId: number;
  limit: number;
  /** Mail's search string (free text, `is:unread`, …); empty: every message. */
  filter: string;
  /** Only messages sent before this time (Unix seconds): the `date` of the previous page's last message. */
  before?: number;
}

export interface MessagePage {
  messages: MailMessageSummary[];
  /** The `before` of the next page; null on the last page. */
  nextBefore: number | null;
}

export type MessageMark = 'read' | 'unread' | 'flagged' | 'unflagged';

/** Mail's flag and value for each mark (`PUT …/flags {flags:{seen|flagged: bool}}`). */
const MARK_FLAGS: Record<MessageMark, Record<string, boolean>> = {
  read: { seen: true },
  unread: { seen: false },
  flagged: { flagged: true },
  unflagged: { flagged: false },
};

export async function listMessages(client: NextcloudClient, query: MessageQuery): Promise<MessagePage> {
  const data = await requestMail<unknown[] | null>(client, mailPaths.messages(), `mailbox ${query.mailboxId}`, {
    query: {
      mailboxId: String(query.mailboxId),
      // One more than asked tells whether there is a next page.
      limit: String(query.limit + 1),
      view: 'singleton',
      ...(query.filter ? { filter: query.filter } : {}),
      ...(query.before !== undefined ? { cursor: String(query.before) } : {}),
    },
  });
  const fetched = (Array.isArray(data) ? data : []).map(toMailMessageSummary);
  const window = fetched.slice(0, query.limit);
  return {
    messages: window,
    nextBefore: fetched.length > query.limit ? (window[window.length - 1]?.date ?? null) : null,
  };
}

/** One message with its body (`GET …/message/{id}`); an unknown message is NotFoundError. */
export async function getMessage(client: NextcloudClient, messageId: number): Promise<MailMessage> {
  return toMailMessage(await requestMail(client, mailPaths.message(messageId), `message ${messageId}`));
}

export async function markMessage(client: NextcloudClient, messageId: number, mark: MessageMark): Promise<void> {
  await requestMail(client, mailPaths.messageFlags(messageId), `message ${messageId}`, {
    method: 'PUT',
    json: { flags: MARK_FLAGS[mark] },
  });
}

export async function moveMessage(client: NextcloudClient, messageId: number, mailboxId: number): Promise<void> {
  await requestMail(client, mailPaths.messageMove(messageId), `message ${messageId} or mailbox ${mailboxId}`, {
    method: 'POST',
    json: { destFolderId: mailboxId },
  });
}

/** Mail moves the message to the account's trash, or deletes it for good when it is in the trash already. */
export async function deleteMessage(client: NextcloudClient, messageId: number): Promise<void> {
  await requestMail(client, mailPaths.webMessage(messageId), `message ${messageId}`, { method: 'DELETE' });
}
