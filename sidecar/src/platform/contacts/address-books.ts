// The user's address books, without the ones Nextcloud generates (system accounts, apps).
import type { DavAccount } from '../dav/dav-account.js';
import { DAV_NAMESPACES, lastSegment, requestMultistatus, textOf } from '../dav/dav-multistatus.js';
import { contactsPaths, isSystemAddressBook } from './contacts-paths.js';

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
