// A vCard as searchable text: name, organization, title, emails, phones, addresses, birthday, categories and note.
// Invalid vCard is a DocumentParseError.
import type ICAL from 'ical.js';
import { parseVcard, readContact, type PostalAddress, type TypedValue } from '../../platform/contacts/vcard-model.js';
import { DocumentParseError } from '../sync/sync-source.js';

export interface ContactText {
  uid?: string;
  title: string;
  text: string;
  /** Unix seconds of REV, when present and readable. */
  modifiedAt?: number;
}

export function renderContact(vcard: string): ContactText {
  try {
    return describeCard(parseVcard(vcard));
  } catch {
    // ical.js parses values lazily: a malformed BDAY or REV fails only when read.
    throw new DocumentParseError('The contact is not a valid vCard.');
  }
}

function describeCard(card: ICAL.Component): ContactText {
  const contact = readContact(card);
  const name = [contact.givenName, contact.familyName].filter(Boolean).join(' ');
  const title =
    contact.fullName.trim() || name || contact.organization || contact.emails[0]?.value || 'Unnamed contact';
  const lines = [
    title,
    name && name !== title ? `Name: ${name}` : '',
    contact.nickname ? `Nickname: ${contact.nickname}` : '',
    contact.organization ? `Organization: ${contact.organization}` : '',
    contact.title ? `Title: ${contact.title}` : '',
    ...contact.emails.map((email) => `Email${typeSuffix(email)}: ${email.value}`),
    ...contact.phones.map((phone) => `Phone${typeSuffix(phone)}: ${phone.value}`),
    ...contact.addresses.map((address) => `Address${typeSuffix(address)}: ${formatAddress(address)}`),
    contact.birthday ? `Birthday: ${contact.birthday}` : '',
    contact.categories.length > 0 ? `Categories: ${contact.categories.join(', ')}` : '',
    contact.note ?? '',
  ];
  return {
    uid: contact.uid || undefined,
    title,
    text: lines.filter((line) => line.trim() !== '').join('\n'),
    modifiedAt: revisionOf(card),
  };
}

function typeSuffix(value: TypedValue | PostalAddress): string {
  return value.type ? ` (${value.type})` : '';
}

function formatAddress(address: PostalAddress): string {
  const city = [address.postalCode, address.locality].filter(Boolean).join(' ');
  return [address.street, city, address.region, address.country].filter(Boolean).join(', ');
}

/** REV is a hint only: an unreadable one is left out rather than failing the card. */
function revisionOf(card: ICAL.Component): number | undefined {
  let value: unknown;
  try {
    value = card.getFirstPropertyValue('rev');
  } catch {
    return undefined;
  }
  const text = typeof value === 'string' ? value : (value as { toString(): string } | null)?.toString();
  if (!text) return undefined;
  // REV is 20250101T120000Z or 2025-01-01T12:00:00Z.
  const iso = /^\d{8}T\d{6}Z?$/.test(text)
    ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}Z`
    : text;
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? undefined : Math.floor(millis / 1000);
}
