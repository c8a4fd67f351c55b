// The state of the Mail double (Mail 5.11): per user, accounts with their mailboxes and messages, and the local
// messages (drafts and outbox) Mail keeps in its own tables; ids count up across users, as Mail's database ids do.
// The JSON each item answers with is in mail-json.ts.

export interface MailAddress {
  label: string;
  email: string;
}

export interface SeedMessage {
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  cc?: MailAddress[];
  replyTo?: MailAddress[];
  /** Unix seconds. */
  date: number;
  /** A plain-text body, or (html) an HTML body. */
  plain?: string;
  html?: string;
  seen?: boolean;
  flagged?: boolean;
  attachments?: { fileName: string; mime: string; size: number }[];
}

export interface StoredMessage extends SeedMessage {
  id: number;
  uid: number;
  mailboxId: number;
  messageId: string;
  seen: boolean;
  flagged: boolean;
}

export interface Mailbox {
  id: number;
  accountId: number;
  name: string;
  specialRole: string | null;
}

export interface Account {
  id: number;
  email: string;
}

/** A draft (type 1) or outbox message (type 0), Mail's LocalMessage. */
export interface LocalMessage {
  id: number;
  type: 0 | 1;
  accountId: number;
  subject: string;
  bodyPlain: string | null;
  bodyHtml: string | null;
  editorBody: string | null;
  html: boolean;
  inReplyToMessageId: string | null;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  updatedAt: number;
}

/** What the double records for each message it sent, in place of SMTP. */
export interface SentMail {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  inReplyTo: string | null;
}

export interface UserMail {
  accounts: Map<number, Account>;
  mailboxes: Map<number, Mailbox>;
  messages: Map<number, StoredMessage>;
  local: Map<number, LocalMessage>;
  sent: SentMail[];
}

/** The mailboxes Mail finds on a typical IMAP account, with the roles Mail gives them. */
const STANDARD_MAILBOXES: [name: string, role: string | null][] = [
  ['INBOX', 'inbox'],
  ['Sent', 'sent'],
  ['Drafts', 'drafts'],
  ['Trash', 'trash'],
  ['Archive', 'archive'],
];

export function createMailStore() {
  const byUser = new Map<string, UserMail>();
  let nextId = 1;
  let nextUid = 100;
  const userMail = (userId: string): UserMail => {
    let mail = byUser.get(userId);
    if (!mail) {
      mail = { accounts: new Map(), mailboxes: new Map(), messages: new Map(), local: new Map(), sent: [] };
      byUser.set(userId, mail);
    }
    return mail;
  };
  const storeMessage = (mail: UserMail, mailboxId: number, seed: SeedMessage, messageId?: string): StoredMessage => {
    const id = nextId++;
    const message: StoredMessage = {
      ...seed,
      id,
      uid: nextUid++,
      mailboxId,
      messageId: messageId ?? `<message-${id}@mail.example>`,
      seen: seed.seen ?? false,
      flagged: seed.flagged ?? false,
    };
    mail.messages.set(id, message);
    return message;
  };
  return {
    userMail,
    storeMessage,
    nextId: () => nextId++,
    /** An account with Mail's standard mailboxes; returns the account id and the mailbox ids by role. */
    addAccount(userId: string, email: string): { accountId: number; mailboxIds: Record<string, number> } {
      const mail = userMail(userId);
      const account = { id: nextId++, email };
      mail.accounts.set(account.id, account);
      const mailboxIds: Record<string, number> = {};
      for (const [name, role] of STANDARD_MAILBOXES) {
        const mailbox = { id: nextId++, accountId: account.id, name, specialRole: role };
        mail.mailboxes.set(mailbox.id, mailbox);
        mailboxIds[role ?? name] = mailbox.id;
      }
      return { accountId: account.id, mailboxIds };
    },
    /**
     * Moves a message as Mail does: the message leaves the source mailbox and is found again in the target by the
     * next sync, as a new row with a new id. unverified: the new id after a move (source: lib/Service/MailManager.php
     * moveMessage, which moves on IMAP and leaves the new row to the sync).
     */
    moveStored(mail: UserMail, message: StoredMessage, targetMailboxId: number): StoredMessage {
      mail.messages.delete(message.id);
      const { id: _id, uid: _uid, mailboxId: _mailboxId, ...seed } = message;
      return storeMessage(mail, targetMailboxId, seed, message.messageId);
    },
  };
}

export type MailStore = ReturnType<typeof createMailStore>;
