// vCards of an address book over CardDAV: query (all or matching a text), find one by UID, write it with
// If-Match / If-None-Match, delete it.
import { NotFoundError } from '../../errors.js';
import type { DavAccount } from '../calendar/dav-account.js';
import { DAV_NAMESPACES, escapeXml, lastSegment, requestMultistatus, textOf } from '../calendar/dav-multistatus.js';
import { cardFileName, contactsPaths } from './contacts-paths.js';

export interface StoredCard {
  addressBookId: string;
  fileName: string;
  etag: string;
  vcard: string;
}

/** Properties a text search looks in. */
const SEARCHED_PROPERTIES = ['FN', 'N', 'NICKNAME', 'EMAIL', 'TEL', 'ORG'];

/** Every card of the address book (a filter that matches all cards: anyof UID or FN is defined). */
export async function queryAllCards(account: DavAccount, addressBookId: string): Promise<StoredCard[]> {
  return queryCards(
    account,
    addressBookId,
    '<card:filter test="anyof"><card:prop-filter name="UID"/><card:prop-filter name="FN"/></card:filter>',
  );
}

/** Cards with the text in a name, nickname, email, phone number or organization (case-insensitive). */
export async function searchCards(account: DavAccount, addressBookId: string, text: string): Promise<StoredCard[]> {
  const match = `<card:text-match collation="i;unicode-casemap" match-type="contains">${escapeXml(text)}</card:text-match>`;
  const filters = SEARCHED_PROPERTIES.map((name) => `<card:prop-filter name="${name}">${match}</card:prop-filter>`);
  return queryCards(account, addressBookId, `<card:filter test="anyof">${filters.join('')}</card:filter>`);
}

/** The card with this UID: `{uid}.vcf` first, else a UID query (other clients pick other names). */
export async function findCard(account: DavAccount, addressBookId: string, uid: string): Promise<StoredCard> {
  const fileName = cardFileName(uid);
  const response = await account.client.request(contactsPaths.card(account.userId, addressBookId, fileName), {
    headers: { accept: 'text/vcard' },
    accept: [404],
  });
  if (response.status === 200 && hasUid(response.text(), uid)) {
    return { addressBookId, fileName, etag: headerOf(response.headers.etag) ?? '', vcard: response.text() };
  }
  const filter =
    '<card:filter><card:prop-filter name="UID">' +
    `<card:text-match collation="i;octet" match-type="equals">${escapeXml(uid)}</card:text-match>` +
    '</card:prop-filter></card:filter>';
  const found = (await queryCards(account, addressBookId, filter)).find((card) => hasUid(card.vcard, uid));
  if (!found) throw new NotFoundError('There is no contact with this UID.');
  return found;
}

/** Stores a card: a new one only if the name is free, an existing one only if unchanged since `etag`. */
export async function writeCard(
  account: DavAccount,
  card: { addressBookId: string; fileName: string; vcard: string; etag?: string },
): Promise<string> {
  const path = contactsPaths.card(account.userId, card.addressBookId, card.fileName);
  const response = await account.client.request(path, {
    method: 'PUT',
    headers: {
      'content-type': 'text/vcard; charset=utf-8',
      ...(card.etag ? { 'if-match': card.etag } : { 'if-none-match': '*' }),
    },
    body: card.vcard,
  });
  return headerOf(response.headers.etag) ?? (await fetchEtag(account, path));
}

export async function deleteCard(
  account: DavAccount,
  card: { addressBookId: string; fileName: string; etag?: string },
): Promise<void> {
  await account.client.request(contactsPaths.card(account.userId, card.addressBookId, card.fileName), {
    method: 'DELETE',
    headers: card.etag ? { 'if-match': card.etag } : {},
  });
}

async function queryCards(account: DavAccount, addressBookId: string, filter: string): Promise<StoredCard[]> {
  const responses = await requestMultistatus(account.client, contactsPaths.addressBook(account.userId, addressBookId), {
    method: 'REPORT',
    depth: '1',
    body: `<card:addressbook-query ${DAV_NAMESPACES}><d:prop><d:getetag/><card:address-data/></d:prop>${filter}</card:addressbook-query>`,
  });
  return responses.flatMap((response) => {
    const vcard = textOf(response.props['address-data']);
    if (!vcard || response.href.endsWith('/')) return [];
    return [{ addressBookId, fileName: lastSegment(response.href), etag: textOf(response.props.getetag) ?? '', vcard }];
  });
}

async function fetchEtag(account: DavAccount, path: string): Promise<string> {
  const [response] = await requestMultistatus(account.client, path, {
    method: 'PROPFIND',
    depth: '0',
    body: `<d:propfind ${DAV_NAMESPACES}><d:prop><d:getetag/></d:prop></d:propfind>`,
  });
  return textOf(response?.props.getetag) ?? '';
}

function hasUid(vcard: string, uid: string): boolean {
  const unfolded = vcard.replace(/\r?\n[ \t]/g, '');
  return unfolded.split(/\r?\n/).some((line) => /^UID[;:]/i.test(line) && line.slice(line.indexOf(':') + 1) === uid);
}

function headerOf(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first !== '' ? first : undefined;
}
