// The mail app of the platform double (Mail 5.11): its OCS API under /ocs/v2.php/apps/mail (accounts, mailboxes, a
// mailbox's messages, one message) and the web routes in mail/mail-web.ts. It publishes no capabilities entry
// (Nextcloud's app menu shows it). Accounts, mailboxes and messages are seeded by the test; sending records the
// message instead of talking SMTP.
// unverified: the OCS routes below other than account/list (source: lib/Controller/MailboxesApiController.php and
// lib/Controller/MessageApiController.php in nextcloud/mail, OCS routes by #[ApiRoute] and appinfo/routes.php).
import type { ServerResponse } from 'node:http';
import type { DoubleApp, DoubleRequest } from '../double-app.js';
import { respondOcs } from '../ocs-envelope.js';
import { sendNotLoggedIn } from '../double-app.js';
import { describeFullMessage, describeListedMessage, describeMailbox } from './mail/mail-json.js';
import { createMailStore, type SeedMessage, type SentMail, type UserMail } from './mail/mail-store.js';
import { handleMailWeb, WEB_PREFIX } from './mail/mail-web.js';

export type { SeedMessage, SentMail } from './mail/mail-store.js';

export interface MailDouble extends DoubleApp {
  /** Gives `userId` an account with the mailboxes INBOX, Sent, Drafts, Trash and Archive (ids by role). */
  addAccount(userId: string, email: string): { accountId: number; mailboxIds: Record<string, number> };
  /** Puts a message into a mailbox of `userId`; returns its id. */
  addMessage(userId: string, mailboxId: number, message: SeedMessage): number;
  /** The messages `userId` sent, oldest first. */
  sent(userId: string): SentMail[];
  /** The recipients of a draft or outbox message of `userId`, by kind (what Mail would send to). */
  recipientsOf(userId: string, localId: number): { to: string[]; cc: string[]; bcc: string[] } | undefined;
  /** The ids of the messages in a mailbox of `userId`. */
  messageIdsIn(userId: string, mailboxId: number): number[];
}

const OCS_PREFIX = '/ocs/v2.php/apps/mail';

export function createMailApp(): MailDouble {
  const store = createMailStore();
  return {
    id: 'mail',
    addAccount: (userId, email) => store.addAccount(userId, email),
    addMessage: (userId, mailboxId, message) => store.storeMessage(store.userMail(userId), mailboxId, message).id,
    sent: (userId) => [...store.userMail(userId).sent],
    recipientsOf: (userId, localId) => {
      const local = store.userMail(userId).local.get(localId);
      const emails = (list: { email: string }[]) => list.map((entry) => entry.email);
      return local && { to: emails(local.to), cc: emails(local.cc), bcc: emails(local.bcc) };
    },
    messageIdsIn: (userId, mailboxId) =>
      [...store.userMail(userId).messages.values()].filter((m) => m.mailboxId === mailboxId).map((m) => m.id),
    async handle(req, res) {
      const isOcs = req.path.startsWith(`${OCS_PREFIX}/`);
      if (!isOcs && !req.path.startsWith(`${WEB_PREFIX}/`)) return false;
      // The platform double answers OCS calls without a user itself (401, statuscode 997).
      if (!req.user) {
        sendNotLoggedIn(res);
        return true;
      }
      if (isOcs) return handleOcs(store.userMail(req.user.id), req, res);
      await handleMailWeb(store, req, res);
      return true;
    },
  };
}

function handleOcs(mail: UserMail, req: DoubleRequest, res: ServerResponse): boolean {
  const answer = (status: number, data: unknown) => respondOcs(req.raw, res, req.url, 2, { status, data });
  const route = req.path.slice(OCS_PREFIX.length);
  const params = req.url.searchParams;
  const message = /^\/message\/(\d+)$/.exec(route);
  if (req.method !== 'GET') return false;
  if (route === '/account/list') {
    // Verified: `data: []` for a user without accounts.
    const accounts = [...mail.accounts.values()].map((a) => ({
      id: a.id,
      email: a.email,
      isDelegated: false,
      aliases: [],
    }));
    answer(200, accounts);
  } else if (route === '/mailbox/list') {
    const accountId = Number(params.get('accountId'));
    if (!mail.accounts.has(accountId)) answer(404, []);
    else
      answer(
        200,
        [...mail.mailboxes.values()].filter((m) => m.accountId === accountId).map((m) => describeMailbox(mail, m)),
      );
  } else if (route === '/mailbox/messages/list') {
    const mailbox = mail.mailboxes.get(Number(params.get('mailboxId')));
    if (!mailbox) answer(403, []);
    else answer(200, listMessages(mail, mailbox.id, params).map(describeListedMessage));
  } else if (message) {
    const found = mail.messages.get(Number(message[1]));
    if (!found) answer(404, 'Account not found.');
    else answer(200, describeFullMessage(found, req.baseUrl));
  } else return false;
  return true;
}

/**
 * Newest first; `cursor` keeps messages sent before it (Unix seconds), `limit` cuts the list, and `filter` is Mail's
 * search string: `is:unread` keeps unread messages and every other word must occur in the subject or a sender.
 * unverified: the filter syntax and which fields a word searches (source: lib/Service/Search/FilterStringParser.php
 * and lib/Service/Search/MailSearch.php in nextcloud/mail).
 */
function listMessages(mail: UserMail, mailboxId: number, params: URLSearchParams) {
  const cursor = params.get('cursor');
  const limit = Number(params.get('limit') ?? 0);
  const words = (params.get('filter') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const unreadOnly = words.includes('is:unread');
  const terms = words.filter((word) => word !== 'is:unread');
  const found = [...mail.messages.values()]
    .filter((m) => m.mailboxId === mailboxId)
    .filter((m) => cursor === null || m.date < Number(cursor))
    .filter((m) => !unreadOnly || !m.seen)
    .filter((m) => {
      const haystack = `${m.subject} ${m.from.map((a) => `${a.label} ${a.email}`).join(' ')}`.toLowerCase();
      return terms.every((term) => haystack.includes(term));
    })
    .sort((a, b) => b.date - a.date || b.id - a.id);
  return limit > 0 ? found.slice(0, limit) : found;
}
