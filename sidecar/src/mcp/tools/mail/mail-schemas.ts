// What the Mail tools share: recipient lists, a draft's content as input and as result, and how a draft result reads.
import { z } from 'zod';
import type { MailAddress, MailDraft } from '../../../platform/mail/mail-models.js';
import { boundedText } from '../tool-shapes.js';

/** Characters of a message body a tool returns by default, and at most. */
export const BODY_DEFAULT_CHARS = 8000;
export const BODY_MAX_CHARS = 50_000;

/** E-mail addresses, checked (not listed, where the pattern would only cost bytes). */
export const recipients = (max = 50) =>
  z
    .array(z.string().refine((text) => text.length <= 320 && EMAIL.test(text), 'an e-mail address'))
    .refine((list) => list.length <= max, `at most ${max} addresses`);

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export const draftText = {
  subject: boundedText(998),
  body: boundedText(100_000),
};

export const draftOutput = z.object({
  id: z.number(),
  subject: z.string(),
  to: z.array(z.string()),
  in_reply_to: z.string().nullable(),
  body: z.string(),
});

export function describeDraft(draft: MailDraft): z.infer<typeof draftOutput> {
  return {
    id: draft.id,
    subject: draft.subject,
    to: emails(draft.to),
    in_reply_to: draft.inReplyTo,
    body: draft.body,
  };
}

export function summarizeDraft(draft: z.infer<typeof draftOutput>): string {
  return `Draft ${draft.id} to ${draft.to.join(', ') || 'nobody yet'}: "${draft.subject}". Send it with nc_mail_send_draft.`;
}

export function emails(addresses: MailAddress[]): string[] {
  return addresses.map((address) => address.email);
}

/** Addresses as one line: `Name <email>, email`. */
export function joined(addresses: MailAddress[]): string {
  return addresses.map((a) => (a.label && a.label !== a.email ? `${a.label} <${a.email}>` : a.email)).join(', ');
}
