// Nextcloud's collections that are not user calendars or address books: they appear in the homes' listings
// (contact_birthdays, inbox, outbox, trashbin; z-server-generated--system) and answer PROPFIND on their own.
import type { DavKind } from './dav-paths.js';

export interface SystemCollection {
  name: string;
  displayName: string;
  /** The inner XML of `<resourcetype>` besides `<collection/>`. */
  resourceType: string;
}

const CALDAV = 'urn:ietf:params:xml:ns:caldav';
const CARDDAV = 'urn:ietf:params:xml:ns:carddav';

const SYSTEM_COLLECTIONS: Record<DavKind, SystemCollection[]> = {
  calendar: [
    { name: 'contact_birthdays', displayName: 'Contact birthdays', resourceType: `<c:calendar xmlns:c="${CALDAV}"/>` },
    { name: 'inbox', displayName: 'inbox', resourceType: `<c:schedule-inbox xmlns:c="${CALDAV}"/>` },
    { name: 'outbox', displayName: 'outbox', resourceType: `<c:schedule-outbox xmlns:c="${CALDAV}"/>` },
    { name: 'trashbin', displayName: 'Trash bin', resourceType: '<nc:trash-bin xmlns:nc="http://nextcloud.com/ns"/>' },
  ],
  addressbook: [
    {
      name: 'z-server-generated--system',
      displayName: 'Accounts',
      resourceType: `<card:addressbook xmlns:card="${CARDDAV}"/>`,
    },
  ],
};

export function systemCollections(kind: DavKind): SystemCollection[] {
  return SYSTEM_COLLECTIONS[kind];
}

export function findSystemCollection(kind: DavKind, name: string): SystemCollection | undefined {
  return SYSTEM_COLLECTIONS[kind].find((collection) => collection.name === name);
}

/** One `<d:response>` describing a system collection at `href`. */
export function describeSystemCollection(collection: SystemCollection, href: string): string {
  return (
    `<d:response xmlns:d="DAV:"><d:href>${href}</d:href><d:propstat><d:prop>` +
    `<d:resourcetype><d:collection/>${collection.resourceType}</d:resourcetype>` +
    `<d:displayname>${collection.displayName}</d:displayname>` +
    '</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>'
  );
}

/** Adds responses before the closing tag of a multistatus. */
export function appendResponses(multistatus: string, responses: string[]): string {
  const close = /<\/((?:[\w-]+:)?)multistatus>\s*$/.exec(multistatus);
  if (!close) return multistatus;
  return multistatus.slice(0, close.index) + responses.join('') + multistatus.slice(close.index);
}

export function multistatus(responses: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:">${responses.join('')}</d:multistatus>`;
}
