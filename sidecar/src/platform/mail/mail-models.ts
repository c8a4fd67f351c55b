// Accounts, mailboxes, messages and drafts as the Mail app describes them, read defensively: a field Mail leaves out
// becomes an empty value, never a crash, and addresses keep only their label and e-mail (the fields:
// docs/nextcloud-behaviour.md, "Mail").
export interface MailAddress {
  label: string;
  email: string;
}

export interface MailAccount {
  id: number;
  email: string;
  aliases: string[];
}

export interface MailMailbox {
  id: number;
  accountId: number;
  name: string;
  displayName: string;
  /** inbox, sent, drafts, trash, junk, archive, or null for the user's own folders. */
  specialRole: string | null;
  unread: number;
}

export interface MailMessageSummary {
  id: number;
  mailboxId: number;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  /** Unix seconds. */
  date: number;
  seen: boolean;
  flagged: boolean;
  hasAttachments: boolean;
  preview: string;
}

export interface MailMessage {
  id: number;
  /** The RFC 5322 Message-ID header, which a reply names. */
  messageId: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress[];
  date: number;
  seen: boolean;
  flagged: boolean;
  /** The body as Mail gives it: sanitized HTML when `isHtml`, plain text otherwise. */
  body: string;
  isHtml: boolean;
  attachments: { name: string; size: number; mime: string }[];
}

export interface MailDraft {
  id: number;
  accountId: number;
  subject: string;
  body: string;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  inReplyTo: string | null;
}

type Json = Record<string, unknown>;

export function toMailAccount(raw: unknown): MailAccount {
  const account = object(raw);
  const aliases = Array.isArray(account.aliases) ? account.aliases.map((alias) => text(object(alias).email)) : [];
  return { id: number(account.id), email: text(account.email), aliases: aliases.filter(Boolean) };
}

export function toMailMailbox(raw: unknown): MailMailbox {
  const mailbox = object(raw);
  const role = mailbox.specialRole;
  return {
    id: number(mailbox.databaseId),
    accountId: number(mailbox.accountId),
    name: text(mailbox.name),
    displayName: text(mailbox.displayName) || text(mailbox.name),
    specialRole: typeof role === 'string' && role !== '' ? role : null,
    unread: number(mailbox.unread),
  };
}

export function toMailMessageSummary(raw: unknown): MailMessageSummary {
  const message = object(raw);
  const flags = object(message.flags);
  return {
    id: number(message.databaseId),
    mailboxId: number(message.mailboxId),
    subject: text(message.subject),
    from: addresses(message.from),
    to: addresses(message.to),
    date: number(message.dateInt),
    seen: flags.seen === true,
    flagged: flags.flagged === true,
    hasAttachments: flags.hasAttachments === true,
    preview: text(message.previewText),
  };
}

export function toMailMessage(raw: unknown): MailMessage {
  const message = object(raw);
  const flags = object(message.flags);
  const attachments = Array.isArray(message.attachments) ? message.attachments.map(object) : [];
  return {
    id: number(message.id),
    messageId: text(message.messageId),
    subject: text(message.subject),
    from: addresses(message.from),
    to: addresses(message.to),
    cc: addresses(message.cc),
    replyTo: addresses(message.replyTo),
    date: number(message.dateInt),
    seen: flags.seen === true,
    flagged: flags.flagged === true,
    body: text(message.body),
    isHtml: message.hasHtmlBody === true,
    attachments: attachments.map((a) => ({ name: text(a.fileName), size: number(a.size), mime: text(a.mime) })),
  };
}

/** A draft or outbox message (Mail's LocalMessage), from the `data` of Mail's `{"status":"success","data"}`. */
export function toMailDraft(raw: unknown): MailDraft {
  const draft = object(raw);
  const body = typeof draft.bodyPlain === 'string' ? draft.bodyPlain : text(draft.editorBody);
  const inReplyTo = draft.inReplyToMessageId;
  return {
    id: number(draft.id),
    accountId: number(draft.accountId),
    subject: text(draft.subject),
    body,
    to: addresses(draft.to),
    cc: addresses(draft.cc),
    bcc: addresses(draft.bcc),
    inReplyTo: typeof inReplyTo === 'string' && inReplyTo !== '' ? inReplyTo : null,
  };
}

function addresses(raw: unknown): MailAddress[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(object).map((entry) => ({ label: text(entry.label), email: text(entry.email) }));
}

function object(raw: unknown): Json {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Json) : {};
}

function text(raw: unknown): string {
  return typeof raw === 'string' ? raw : '';
}

function number(raw: unknown): number {
  const value = typeof raw === 'string' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
