// Nextcloud's collections that are not user calendars or address books: they appear in the homes' listings
// (contact_birthdays, inbox, outbox, trashbin; the Accounts and Recently contacted books) and answer PROPFIND.
// contact_birthdays and Accounts carry a sync token, Recently contacted none.
import type { DavKind } from './dav-paths.js';
import { NC_NS, propResponse } from './sabre-answers.js';

export interface SystemCollection {
  name: string;
  /** Escaped for XML. */
  displayName: string;
  /** The inner XML of `<resourcetype>` besides `<collection/>`. */
  resourceType: string;
  /** Further properties (inner XML of `<prop>`). */
  props?: string;
}

const CALDAV = 'urn:ietf:params:xml:ns:caldav';
const CARDDAV = 'urn:ietf:params:xml:ns:carddav';
const ADDRESS_BOOK = `<card:addressbook xmlns:card="${CARDDAV}"/>`;
/** The token of a system collection that never changes here. */
const FIRST_SYNC_TOKEN = '<d:sync-token>http://sabre.io/ns/sync/1</d:sync-token>';

/** How long Nextcloud keeps deleted calendar objects: 30 days. */
export const TRASH_RETENTION_SECONDS = 2_592_000;

const SYSTEM_COLLECTIONS: Record<DavKind, SystemCollection[]> = {
  calendar: [
    {
      name: 'contact_birthdays',
      displayName: 'Contact birthdays',
      resourceType: `<c:calendar xmlns:c="${CALDAV}"/>`,
      props:
        `<c:supported-calendar-component-set xmlns:c="${CALDAV}"><c:comp name="VEVENT"/></c:supported-calendar-component-set>` +
        FIRST_SYNC_TOKEN,
    },
    { name: 'inbox', displayName: 'inbox', resourceType: `<c:schedule-inbox xmlns:c="${CALDAV}"/>` },
    { name: 'outbox', displayName: 'outbox', resourceType: `<c:schedule-outbox xmlns:c="${CALDAV}"/>` },
    {
      name: 'trashbin',
      displayName: 'Trash bin',
      resourceType: `<nc:trash-bin xmlns:nc="${NC_NS}"/>`,
      props: `<nc:trash-bin-retention-duration xmlns:nc="${NC_NS}">${TRASH_RETENTION_SECONDS}</nc:trash-bin-retention-duration>`,
    },
  ],
  addressbook: [
    {
      name: 'z-server-generated--system',
      displayName: 'Accounts',
      resourceType: ADDRESS_BOOK,
      props: FIRST_SYNC_TOKEN,
    },
    {
      name: 'z-app-generated--contactsinteraction--recent',
      displayName: 'Recently contacted',
      resourceType: ADDRESS_BOOK,
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
  return propResponse(
    href,
    `<d:resourcetype><d:collection/>${collection.resourceType}</d:resourcetype>` +
      `<d:displayname>${collection.displayName}</d:displayname>${collection.props ?? ''}`,
  );
}

/** Adds responses before the closing tag of a multistatus. */
export function appendResponses(multistatus: string, responses: string[]): string {
  const close = /<\/((?:[\w-]+:)?)multistatus>\s*$/.exec(multistatus);
  if (!close) return multistatus;
  return multistatus.slice(0, close.index) + responses.join('') + multistatus.slice(close.index);
}
