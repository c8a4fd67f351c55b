// A contact (vCard) as the tools see it: fields read from a card, and changes applied to the parsed card in place,
// so that every property the tools do not know (photos, X- properties, custom labels) stays as it was.
import ICAL from 'ical.js';
import { InvalidInputError, UpstreamError } from '../../errors.js';

export interface TypedValue {
  value: string;
  /** TYPE parameter values, lowercase and comma-separated (e.g. "work" or "cell,voice"). */
  type?: string;
}

export interface PostalAddress {
  street?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  country?: string;
  type?: string;
}

export interface ContactDetails {
  uid: string;
  fullName: string;
  givenName?: string;
  familyName?: string;
  nickname?: string;
  emails: TypedValue[];
  phones: TypedValue[];
  organization?: string;
  title?: string;
  note?: string;
  /** YYYY-MM-DD (or --MM-DD without a year) as stored. */
  birthday?: string;
  addresses: PostalAddress[];
  categories: string[];
}

/** What to change; absent fields stay, null removes, lists replace the whole list. */
export interface ContactChanges {
  fullName?: string;
  givenName?: string | null;
  familyName?: string | null;
  nickname?: string | null;
  emails?: TypedValue[];
  phones?: TypedValue[];
  organization?: string | null;
  title?: string | null;
  note?: string | null;
  birthday?: string | null;
  addresses?: PostalAddress[];
  categories?: string[];
}

export function parseVcard(text: string): ICAL.Component {
  try {
    const card = new ICAL.Component(ICAL.parse(text) as unknown[]);
    if (card.name !== 'vcard') throw new Error(`not a VCARD but ${card.name}`);
    return card;
  } catch (error) {
    throw new UpstreamError('Nextcloud returned a contact that could not be read.', { cause: error });
  }
}

/** An empty vCard 3.0 (the version Nextcloud's Contacts app writes) with a fresh UID. */
export function newVcard(): ICAL.Component {
  const card = parseVcard(`BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Nextcloud MCP Server//EN\r\nEND:VCARD\r\n`);
  card.addPropertyWithValue('uid', crypto.randomUUID());
  return card;
}

export function serializeVcard(card: ICAL.Component): string {
  return `${card.toString()}\r\n`;
}

export function readContact(card: ICAL.Component): ContactDetails {
  const name = card.getFirstPropertyValue('n') as unknown;
  const [family, given] = Array.isArray(name) ? name.map(joinValue) : [];
  const organization = card.getFirstPropertyValue('org') as unknown;
  return {
    uid: text(card, 'uid') ?? '',
    fullName: text(card, 'fn') ?? '',
    givenName: given || undefined,
    familyName: family || undefined,
    nickname: text(card, 'nickname'),
    emails: typedValues(card, 'email'),
    phones: typedValues(card, 'tel').map((phone) => ({ ...phone, value: phone.value.replace(/^tel:/i, '') })),
    organization:
      (Array.isArray(organization) ? organization.map(joinValue).join(', ') : joinValue(organization)) || undefined,
    title: text(card, 'title'),
    note: text(card, 'note'),
    birthday: card.getFirstPropertyValue('bday')?.toString() || undefined,
    addresses: card.getAllProperties('adr').map(readAddress),
    categories: card
      .getAllProperties('categories')
      .flatMap((property) => property.getValues())
      .map(joinValue)
      .filter((value) => value !== ''),
  };
}

export function applyContactChanges(card: ICAL.Component, changes: ContactChanges): void {
  if (changes.givenName !== undefined || changes.familyName !== undefined) applyName(card, changes);
  if (changes.fullName !== undefined) card.updatePropertyWithValue('fn', changes.fullName);
  if (changes.nickname !== undefined) setText(card, 'nickname', changes.nickname);
  if (changes.organization !== undefined) setText(card, 'org', changes.organization);
  if (changes.title !== undefined) setText(card, 'title', changes.title);
  if (changes.note !== undefined) setText(card, 'note', changes.note);
  if (changes.emails !== undefined) replaceTyped(card, 'email', changes.emails);
  if (changes.phones !== undefined) replaceTyped(card, 'tel', changes.phones);
  if (changes.addresses !== undefined) replaceAddresses(card, changes.addresses);
  if (changes.birthday !== undefined) applyBirthday(card, changes.birthday);
  if (changes.categories !== undefined) {
    card.removeAllProperties('categories');
    if (changes.categories.length > 0) {
      const property = new ICAL.Property('categories', card);
      property.setValues(changes.categories);
      card.addProperty(property);
    }
  }
  if (!text(card, 'fn')) card.updatePropertyWithValue('fn', fallbackFullName(card));
  card.updatePropertyWithValue('rev', ICAL.VCardTime.fromJSDate(new Date(), true));
}

/** A display name from the name parts, the organization or the email, for cards created without one. */
function fallbackFullName(card: ICAL.Component): string {
  const contact = readContact(card);
  const name = [contact.givenName, contact.familyName].filter(Boolean).join(' ');
  const fallback = name || contact.organization || contact.emails[0]?.value || contact.phones[0]?.value;
  if (!fallback) throw new InvalidInputError('A contact needs a name, an organization, an email or a phone number.');
  return fallback;
}

function applyName(card: ICAL.Component, changes: ContactChanges): void {
  const current = card.getFirstPropertyValue('n') as unknown;
  const parts = Array.isArray(current) ? current.map(joinValue) : [];
  while (parts.length < 5) parts.push('');
  if (changes.familyName !== undefined) parts[0] = changes.familyName ?? '';
  if (changes.givenName !== undefined) parts[1] = changes.givenName ?? '';
  card.removeAllProperties('n');
  const property = new ICAL.Property('n', card);
  property.setValue(parts as unknown as string);
  card.addProperty(property);
}

function applyBirthday(card: ICAL.Component, birthday: string | null): void {
  card.removeAllProperties('bday');
  if (birthday === null) return;
  const property = new ICAL.Property('bday', card);
  property.setValue(ICAL.VCardTime.fromDateAndOrTimeString(birthday, 'date'));
  card.addProperty(property);
}

/** Makes the list exactly `values`; a value already on the card and given without a type keeps its parameters. */
function replaceTyped(card: ICAL.Component, name: 'email' | 'tel', values: TypedValue[]): void {
  const key = (value: string) => value.replace(/^tel:/i, '').toLowerCase();
  const existing = new Map(card.getAllProperties(name).map((p) => [key(joinValue(p.getFirstValue())), p]));
  card.removeAllProperties(name);
  for (const entry of values) {
    const kept = entry.type ? undefined : existing.get(key(entry.value));
    if (kept) {
      card.addProperty(kept);
      continue;
    }
    const property = new ICAL.Property(name, card);
    property.setValue(entry.value);
    if (entry.type) property.setParameter('type', splitTypes(entry.type));
    card.addProperty(property);
  }
}

function splitTypes(type: string): string[] {
  return type.split(',').map((t) => t.trim().toUpperCase());
}

function replaceAddresses(card: ICAL.Component, addresses: PostalAddress[]): void {
  card.removeAllProperties('adr');
  for (const address of addresses) {
    const property = new ICAL.Property('adr', card);
    const parts = ['', '', address.street, address.locality, address.region, address.postalCode, address.country];
    property.setValue(parts.map((part) => part ?? '') as unknown as string);
    if (address.type) property.setParameter('type', splitTypes(address.type));
    card.addProperty(property);
  }
}

function readAddress(property: ICAL.Property): PostalAddress {
  const value = property.getFirstValue() as unknown;
  const parts = Array.isArray(value) ? value.map(joinValue) : [joinValue(value)];
  const part = (index: number) => parts[index] || undefined;
  return {
    street: part(2),
    locality: part(3),
    region: part(4),
    postalCode: part(5),
    country: part(6),
    type: typeOf(property),
  };
}

function typedValues(card: ICAL.Component, name: string): TypedValue[] {
  return card
    .getAllProperties(name)
    .map((property) => ({ value: joinValue(property.getFirstValue()), type: typeOf(property) }))
    .filter((entry) => entry.value !== '');
}

function typeOf(property: ICAL.Property): string | undefined {
  const type = property.getParameter('type') as unknown;
  const values = (Array.isArray(type) ? type : type ? [type] : []).map((t) => String(t).toLowerCase());
  const meaningful = values.filter((t) => t !== 'internet' && t !== 'pref');
  return meaningful.length > 0 ? meaningful.join(',') : undefined;
}

function setText(card: ICAL.Component, name: string, value: string | null): void {
  if (value === null || value === '') card.removeAllProperties(name);
  else card.updatePropertyWithValue(name, value);
}

function text(card: ICAL.Component, name: string): string | undefined {
  const value = joinValue(card.getFirstPropertyValue(name));
  return value === '' ? undefined : value;
}

/** Structured values (arrays) joined with spaces; everything else as its string form. */
function joinValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(joinValue).filter(Boolean).join(' ');
  return String(value);
}
