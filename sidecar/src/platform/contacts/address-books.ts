// The user's address books, without the ones Nextcloud generates (system accounts, apps): list, create, delete.
import { ConflictError, NotFoundError } from '../../errors.js';
import type { DavAccount } from '../dav/dav-account.js';
import { DAV_NAMESPACES, escapeXml, lastSegment, requestMultistatus, textOf } from '../dav/dav-multistatus.js';
import { contactsPaths, isSystemAddressBook } from './contacts-paths.js';
import { collectionIdFor } from '../dav/collection-id.js';

export interface AddressBookInfo {
  /** The URI segment, used to address it (e.g. "contacts"). */
  id: string;
  displayName: string;
  ctag?: string;
}

const LIST_BODY = `<d:propfind ${DAV_NAMESPACES}><d:prop><d:resourcetype/><d:displayname/><cs:getctag/></d:prop></d:propfind>`;

export async function listAddressBooks(account: DavAccount): Promise<AddressBookInfo[]> {
  const responses = await requestMultistatus(account.client, contactsPaths.home(account.userId), {
    method: 'PROPFIND',
    depth: '1',
    body: LIST_BODY,
  });
  return responses
    .filter((response) => {
      const type = response.props.resourcetype;
      return typeof type === 'object' && type !== null && 'addressbook' in type;
    })
    .map((response) => {
      const id = lastSegment(response.href);
      return {
        id,
        displayName: textOf(response.props.displayname)?.trim() || id,
        ctag: textOf(response.props.getctag)?.trim() || undefined,
      };
    })
    .filter((book) => !isSystemAddressBook(book.id))
    .sort((a, b) => Number(b.id === 'contacts') - Number(a.id === 'contacts') || a.id.localeCompare(b.id));
}

/**
 * Creates an address book with an extended MKCOL (RFC 5689) whose resourcetype is card:addressbook.
 * unverified: Nextcloud answers 201, and 405 when the URI is taken (source: nextcloud/server
 * apps/dav/lib/CardDAV/AddressBookRoot.php via sabre/dav's CardDAV Plugin; the sheet lists address books only);
 * other servers answer 409 there.
 */
export async function createAddressBook(account: DavAccount, book: { id: string; displayName: string }) {
  const response = await account.client.request(contactsPaths.addressBook(account.userId, book.id), {
    method: 'MKCOL',
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body:
      `<?xml version="1.0" encoding="utf-8"?>\n<d:mkcol ${DAV_NAMESPACES}><d:set><d:prop>` +
      '<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>' +
      `<d:displayname>${escapeXml(book.displayName)}</d:displayname></d:prop></d:set></d:mkcol>`,
    accept: [405, 409],
  });
  if (response.status === 405 || response.status === 409) {
    throw new ConflictError(`An address book with the id "${book.id}" already exists.`);
  }
  return { id: book.id, displayName: book.displayName };
}

/**
 * Deletes one of the user's own address books with its contacts (never one Nextcloud generates).
 * unverified: DELETE of an address book → 204, with no trash bin (source: nextcloud/server
 * apps/dav/lib/CardDAV/AddressBook.php delete, CardDavBackend::deleteAddressBook).
 */
export async function deleteAddressBook(account: DavAccount, addressBookId: string): Promise<void> {
  if (!(await listAddressBooks(account)).some((book) => book.id === addressBookId)) {
    throw new NotFoundError('There is no address book with this address_book_id (see nc_contacts_list_addressbooks).');
  }
  await account.client.request(contactsPaths.addressBook(account.userId, addressBookId), { method: 'DELETE' });
}

/** A URI segment for a new address book from its display name (see collectionIdFor). */
export function addressBookIdFor(displayName: string): string {
  return collectionIdFor(displayName, 'contacts');
}
