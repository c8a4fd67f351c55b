// vCards of an address book over CardDAV: query (all or matching a text), find one by UID, write it with
// If-Match / If-None-Match, delete it.
import { NotFoundError } from '../../errors.js';
import type { DavAccount } from '../dav/dav-account.js';
import { DAV_NAMESPACES, escapeXml, lastSegment, requestMultistatus, textOf } from '../dav/dav-multistatus.js';
import { deleteDavObject, hasUid, headerOf, putDavObject } from '../dav/dav-objects.js';
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
  if (!found) throw new NotFoundError('There is no contact with this contact_id.');
  return found;
}

/** Stores a card: a new one only if the name is free, an existing one only if unchanged since `etag`. */
export function writeCard(
  account: DavAccount,
  card: { addressBookId: string; fileName: string; vcard: string; etag?: string },
): Promise<string> {
  const path = contactsPaths.card(account.userId, card.addressBookId, card.fileName);
  return putDavObject(account.client, path, {
    body: card.vcard,
    contentType: 'text/vcard; charset=utf-8',
    etag: card.etag,
  });
}

export function deleteCard(
  account: DavAccount,
  card: { addressBookId: string; fileName: string; etag?: string },
): Promise<void> {
  return deleteDavObject(
    account.client,
    contactsPaths.card(account.userId, card.addressBookId, card.fileName),
    card.etag,
  );
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
