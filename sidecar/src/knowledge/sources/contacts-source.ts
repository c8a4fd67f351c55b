// The contact source: vCards of the user's own address books over CardDAV, found changed through sync tokens (one
// PROPFIND when nothing changed) and read as text; the changed cards of an address book are read 50 to a request
// after the scan (listed-dav-objects.ts).
import { contactsPaths, isSystemAddressBook } from '../../platform/contacts/contacts-paths.js';
import { readDavObject } from '../../platform/dav/dav-objects.js';
import type { FetchedDocument, ScanResult, SeenDocument, SyncContext, SyncSource } from '../sync/sync-source.js';
import { appLinks } from '../../platform/app-links.js';
import { renderContact } from './contact-text.js';
import { createListedDavObjects, type ListedDavObjects } from './listed-dav-objects.js';
import { scanDavCollections, splitDocId, toDavCollection } from './dav-collections-scan.js';
import {
  listDavCollections,
  readCollectionName,
  type DavCollectionEntry,
} from '../../platform/dav/dav-sync-collection.js';

export function createContactsSource(): SyncSource {
  const listed = createListedDavObjects('addressbook');
  return {
    docType: 'contact',
    scan: (context, cursor) => scanAddressBooks(context, cursor, listed),
    read: (context, document) => fetchContact(context, document, listed),
  };
}

function scanAddressBooks(
  context: SyncContext,
  cursor: string | undefined,
  listed: ListedDavObjects,
): Promise<ScanResult> {
  return scanDavCollections(
    {
      client: context.client,
      signal: context.signal,
      listCollections: async () =>
        (await listDavCollections(context.client, contactsPaths.home(context.userId), '<d:displayname/>'))
          .filter(isIndexedAddressBook)
          .map(toDavCollection),
      collectionPath: (uri) => contactsPaths.addressBook(context.userId, uri),
      beforeAnswer: (changed) =>
        listed.keepChanged(context, changed, (uri) => contactsPaths.addressBook(context.userId, uri)),
    },
    cursor,
  );
}

async function fetchContact(
  context: SyncContext,
  document: SeenDocument,
  listed: ListedDavObjects,
): Promise<FetchedDocument | null> {
  const ids = splitDocId(document.docId);
  if (!ids) return null;
  const card = contactsPaths.card(context.userId, ids.collectionUri, ids.objectName);
  const object = listed.take(context.userId, document) ?? (await readDavObject(context.client, card, 'text/vcard'));
  if (!object) return null;
  const contact = renderContact(object.text);
  const addressBookName = document.hint ?? (await readAddressBookName(context, ids.collectionUri));
  return {
    docType: 'contact',
    docId: document.docId,
    title: contact.title,
    mimeType: 'text/vcard',
    version: object.etag ?? document.version,
    link: appLinks.contact(contact.uid, ids.collectionUri),
    modifiedAt: contact.modifiedAt,
    extra: { addressBook: addressBookName.slice(0, 200) },
    pages: [contact.text],
  };
}

/** The user's address books: not the ones Nextcloud generates (accounts, recently contacted). */
function isIndexedAddressBook(entry: DavCollectionEntry): boolean {
  const type = entry.response.props.resourcetype;
  if (typeof type !== 'object' || type === null || !('addressbook' in type)) return false;
  return !isSystemAddressBook(entry.uri);
}

function readAddressBookName(context: SyncContext, addressBookUri: string): Promise<string> {
  return readCollectionName(context.client, contactsPaths.addressBook(context.userId, addressBookUri), addressBookUri);
}
