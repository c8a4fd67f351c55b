// The calendars Deck adds to a user's calendar home: one VTODO calendar per board the user has,
// `app-generated--deck--board-{boardId}`, without a sync token. Not user calendars; the double serves them read-only.
import { escapeXml } from '../../xml-escape.js';
import type { SystemCollection } from './system-collections.js';

/** The Deck boards of a user (from the Deck double, or a fixed list in a test). */
export type DeckBoardsOf = (userId: string) => { id: number; title: string }[];

const CALDAV = 'urn:ietf:params:xml:ns:caldav';

export function deckCalendarsOf(boardsOf: DeckBoardsOf | undefined, userId: string): SystemCollection[] {
  return (boardsOf?.(userId) ?? []).map((board) => ({
    name: `app-generated--deck--board-${board.id}`,
    // unverified: the display name is the board's title (source: nextcloud/deck lib/DAV/Calendar.php)
    displayName: escapeXml(board.title),
    resourceType: `<c:calendar xmlns:c="${CALDAV}"/>`,
    props: `<c:supported-calendar-component-set xmlns:c="${CALDAV}"><c:comp name="VTODO"/></c:supported-calendar-component-set>`,
  }));
}
