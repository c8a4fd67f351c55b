// Links into Nextcloud's web UI that open one item in its app: the paths below the Nextcloud base URL that the
// knowledge index stores (IndexedDocument.link), one per type, and the absolute URL a search result shows.
import { buildNextcloudUrl, pathSegment } from './urls.js';

export const appLinks = {
  /**
   * The Calendar app's editor for one event: `edit/` + base64 of the object's DAV path (with Nextcloud's web root),
   * as Nextcloud's own event search builds it. Nextcloud 32 answers it with the Calendar page
   * (docs/nextcloud-behaviour.md, "Links into the web UI"); unverified: that the page opens the event (source:
   * nextcloud/server apps/dav/lib/Search/EventsSearchProvider.php getDeepLinkToCalendarApp).
   */
  calendarEvent: (host: string, userId: string, calendarUri: string, objectName: string) => {
    const davPath = `${webRootOf(host)}/remote.php/dav/calendars/${userId}/${calendarUri}/${objectName}`;
    return `/index.php/apps/calendar/edit/${Buffer.from(davPath, 'utf8').toString('base64')}`;
  },
  /** Tasks open in the Calendar app's start page (the Tasks app may not be installed). */
  calendar: () => '/index.php/apps/calendar',
  /**
   * The Contacts app's direct link `direct/contact/{uid}~{addressBookUri}`, which Nextcloud 32 answers with a 303 to
   * the contact (docs/nextcloud-behaviour.md, "Links into the web UI").
   */
  contact: (uid: string | undefined, addressBookUri: string) =>
    uid
      ? `/index.php/apps/contacts/direct/contact/${pathSegment(`${uid}~${addressBookUri}`)}`
      : '/index.php/apps/contacts',
  /**
   * Deck's `card/{id}`, which Nextcloud 32 answers with a 303 to the card on its board (docs/nextcloud-behaviour.md,
   * "Links into the web UI").
   */
  deckCard: (cardId: number | string) => `/index.php/apps/deck/card/${pathSegment(cardId)}`,
  /**
   * News' start page: the item's own `url` points outside Nextcloud, and newer News clients route `/item/{id}` in
   * the browser only (nextcloud/news src/routes), which News 28.7 is not known to serve.
   */
  news: () => '/index.php/apps/news',
  /** The Notes app's page of one note. */
  note: (noteId: number) => `/index.php/apps/notes/note/${pathSegment(noteId)}`,
  /** Nextcloud's file link `/f/{fileId}`, which opens the file in the Files app. */
  file: (fileId: number | string) => `/index.php/f/${pathSegment(fileId)}`,
};

/** The absolute URL of a stored link path (one of `appLinks`) on this Nextcloud. */
export function buildAppLinkUrl(host: string, linkPath: string): string {
  return buildNextcloudUrl(host, linkPath);
}

/** Nextcloud's web root: the host's path ('' or e.g. /cloud), without a trailing slash. */
function webRootOf(host: string): string {
  try {
    return new URL(host).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}
