// Input and output schemas shared by the contacts tools, and the mapping between them and the platform's contacts.
// Emails and phones travel as "value" or "value (type)" strings, addresses come back as one line each.
import { z } from 'zod';
import type { StoredContact } from '../../../platform/contacts/contacts.js';
import type { ContactChanges, PostalAddress, TypedValue } from '../../../platform/contacts/vcard-model.js';
import { segment, words } from '../calendar/calendar-schemas.js';
import { boundedText } from '../tool-shapes.js';

export const addressBookIdInput = segment('address_book_id');
export const contactIdInput = segment('contact_id');

const TYPED = /^(.*?)\s*\(([A-Za-z][A-Za-z,-]*)\)$/;
const typedValue = (check: (value: string) => boolean, what: string) =>
  boundedText(300).refine((s) => check(parseTyped(s).value), `each entry is ${what}, optionally followed by (type)`);

export const contactFields = {
  full_name: words(255).optional().describe('Default: from the name parts'),
  given_name: boundedText(100).optional(),
  family_name: boundedText(100).optional(),
  nickname: boundedText(100).optional(),
  emails: z
    .array(typedValue((v) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v), 'an email'))
    .optional()
    .describe('e.g. ["ann@example.com (work)"]'),
  phones: z.array(typedValue((v) => /^[0-9+()./ -]{1,50}$/.test(v), 'a phone number')).optional(),
  organization: boundedText(255).optional(),
  title: boundedText(255).optional(),
  note: boundedText(10_000).optional(),
  birthday: z
    .string()
    .refine((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), 'birthday is YYYY-MM-DD')
    .optional(),
  addresses: z
    .array(
      z.object({
        street: boundedText(255).optional(),
        city: boundedText(100).optional(),
        region: boundedText(100).optional(),
        postal_code: boundedText(20).optional(),
        country: boundedText(100).optional(),
        type: boundedText(40).optional(),
      }),
    )
    .optional(),
  categories: z.array(words(100)).optional(),
};

export const contactSummary = z.object({
  id: z.string(),
  address_book_id: z.string(),
  full_name: z.string(),
  emails: z.array(z.string()).optional(),
  phones: z.array(z.string()).optional(),
  organization: z.string().optional(),
});

export const contactOutput = contactSummary.extend({
  etag: z.string(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  nickname: z.string().optional(),
  title: z.string().optional(),
  note: z.string().optional(),
  birthday: z.string().optional(),
  addresses: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
});

/** What a write returns: enough to refer to the contact again. */
export const writtenContactOutput = contactSummary.pick({ id: true, address_book_id: true, full_name: true }).extend({
  etag: z.string(),
});

type ContactFieldsInput = { [K in keyof typeof contactFields]?: z.infer<(typeof contactFields)[K]> };

export function toContactSummary(contact: StoredContact): z.infer<typeof contactSummary> {
  return {
    id: contact.uid,
    address_book_id: contact.addressBookId,
    full_name: contact.fullName,
    emails: nonEmpty(contact.emails.map(formatTyped)),
    phones: nonEmpty(contact.phones.map(formatTyped)),
    organization: contact.organization,
  };
}

export function toContactOutput(contact: StoredContact): z.infer<typeof contactOutput> {
  return {
    ...toContactSummary(contact),
    etag: contact.etag,
    given_name: contact.givenName,
    family_name: contact.familyName,
    nickname: contact.nickname,
    title: contact.title,
    note: contact.note,
    birthday: contact.birthday,
    addresses: nonEmpty(contact.addresses.map(formatAddress)),
    categories: nonEmpty(contact.categories),
  };
}

export function toWrittenContactOutput(contact: StoredContact): z.infer<typeof writtenContactOutput> {
  return { id: contact.uid, address_book_id: contact.addressBookId, full_name: contact.fullName, etag: contact.etag };
}

/** Input to changes: "" removes a text field or the birthday. */
export function toContactChanges(fields: ContactFieldsInput): ContactChanges {
  const removable = (value: string | undefined) => (value === '' ? null : value);
  return {
    fullName: fields.full_name,
    givenName: removable(fields.given_name),
    familyName: removable(fields.family_name),
    nickname: removable(fields.nickname),
    emails: fields.emails?.map(parseTyped),
    phones: fields.phones?.map(parseTyped),
    organization: removable(fields.organization),
    title: removable(fields.title),
    note: removable(fields.note),
    birthday: removable(fields.birthday),
    addresses: fields.addresses?.map(({ city, postal_code, ...address }) => ({
      ...address,
      locality: city,
      postalCode: postal_code,
    })),
    categories: fields.categories,
  };
}

/** "ann@example.com (work)" → value and type; a value without "(type)" keeps the type it had on the card. */
export function parseTyped(entry: string): TypedValue {
  const match = TYPED.exec(entry.trim());
  return match ? { value: match[1] ?? '', type: match[2]?.toLowerCase() } : { value: entry.trim() };
}

function formatTyped({ value, type }: TypedValue): string {
  return type ? `${value} (${type})` : value;
}

function formatAddress(address: PostalAddress): string {
  const city = [address.postalCode, address.locality].filter(Boolean).join(' ');
  const line = [address.street, city, address.region, address.country].filter(Boolean).join(', ');
  return address.type ? `${line} (${address.type})` : line;
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
