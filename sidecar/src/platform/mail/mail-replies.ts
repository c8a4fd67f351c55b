// The content of a reply or a forward drafted from a message read from Mail: who it goes to, the subject with its
// "Re:"/"Fwd:" prefix, and the original quoted as text below the user's own words. Attachments are not carried over.
import type { MailAddress, MailMessage } from './mail-models.js';
import type { DraftContent } from './mail-drafts.js';

export interface ReplyOptions {
  accountId: number;
  /** The user's own text, above the quote. */
  body: string;
  /** The original's body as text (already bounded). */
  originalText: string;
  replyAll: boolean;
  /** The account's own addresses, left out of a reply to all. */
  ownAddresses: string[];
}

export function composeReply(original: MailMessage, options: ReplyOptions): DraftContent {
  const sender = original.replyTo.length > 0 ? original.replyTo : original.from;
  const own = new Set(options.ownAddresses.map((address) => address.toLowerCase()));
  const to = unique(sender.map((a) => a.email));
  const cc = options.replyAll
    ? unique([...original.to, ...original.cc].map((a) => a.email)).filter(
        (email) => !own.has(email.toLowerCase()) && !to.includes(email),
      )
    : [];
  const quote = options.originalText
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    accountId: options.accountId,
    subject: prefixed('Re:', original.subject),
    body: `${options.body}\n\n${describeDate(original.date)}, ${describeAddresses(original.from)} wrote:\n${quote}\n`,
    to,
    cc,
    bcc: [],
    inReplyTo: original.messageId || undefined,
  };
}

export function composeForward(
  original: MailMessage,
  options: { accountId: number; body: string; originalText: string; to: string[]; cc: string[] },
): DraftContent {
  const header = [
    '---------- Forwarded message ----------',
    `From: ${describeAddresses(original.from)}`,
    `Date: ${describeDate(original.date)}`,
    `Subject: ${original.subject}`,
    `To: ${describeAddresses(original.to)}`,
  ].join('\n');
  return {
    accountId: options.accountId,
    subject: prefixed('Fwd:', original.subject),
    body: `${options.body}\n\n${header}\n\n${options.originalText}\n`,
    to: options.to,
    cc: options.cc,
    bcc: [],
  };
}

function prefixed(prefix: string, subject: string): string {
  return subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`.trim();
}

function describeAddresses(addresses: MailAddress[]): string {
  return addresses.map((a) => (a.label && a.label !== a.email ? `${a.label} <${a.email}>` : a.email)).join(', ');
}

function describeDate(unixSeconds: number): string {
  return `On ${new Date(unixSeconds * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}
