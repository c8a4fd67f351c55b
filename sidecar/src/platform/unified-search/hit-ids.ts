// The ids our tools take, read from a unified search hit (its attributes or its link), per provider; a hit whose ids
// cannot be read says why instead of guessing.
import type { SearchEntry } from './provider-search.js';

export type HitIdValue = string | number;

export interface HitIds {
  /** Tool argument name → value, e.g. `{ note_id: 7 }`; empty when nothing could be read. */
  ids: Record<string, HitIdValue>;
  /** Why some or all ids are absent; undefined when the hit carries every id the provider's tools take. */
  missing?: string;
}

type Reader = (entry: SearchEntry, link: string) => HitIds;

/** No ids, and why. */
const none = (missing: string): HitIds => ({ ids: {}, missing });

const NO_TOOL = 'no tool takes this kind of hit';
const UNREADABLE = 'the hit’s link has an unexpected form';

/** The link's path and fragment, percent-decoded, without the server part: `/apps/deck/#/board/3`. */
function linkOf(resourceUrl: string): string {
  try {
    const url = new URL(resourceUrl, 'http://server.invalid');
    return safeDecode(`${url.pathname}${url.hash}`);
  } catch {
    return '';
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const positive = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** One positive number after `pattern`'s first group, as `name`; otherwise the link is unreadable. */
const numberAfter =
  (pattern: RegExp, name: string): Reader =>
  (_entry, link) => {
    const id = positive(pattern.exec(link)?.[1]);
    return id === undefined ? none(UNREADABLE) : { ids: { [name]: id } };
  };

// Sheet (Unified search): the files provider's attributes are {fileId, path}.
const files: Reader = (entry) =>
  entry.attributes.path ? { ids: { path: entry.attributes.path } } : none('the hit has no path');

// unverified: Notes links a hit as {notes page}/note/{id} (source: nextcloud/notes lib/AppInfo/SearchProvider.php).
const notes = numberAfter(/\/apps\/notes\/(?:#\/)?note\/(\d+)/, 'note_id');

// unverified: Cookbook links a hit as {cookbook page}#/recipe/{id} (source: nextcloud/cookbook lib/Search/Provider.php).
const cookbook = numberAfter(/\/apps\/cookbook\/.*\brecipe\/(\d+)/, 'recipe_id');

// unverified: Deck links a board as {deck page}board/{b} (older: #/board/{b}), a card as {deck page}card/{c} (a
// redirect route; older: #/board/{b}/card/{c}) and a card comment as #/board/{b}/card/{c}/comments/{id} (source:
// nextcloud/deck lib/Search/BoardSearchResultEntry.php, CardSearchResultEntry.php, CommentSearchResultEntry.php).
// A card's stack is never in the link.
const deck: Reader = (_entry, link) => {
  if (!link.includes('/apps/deck/')) return none(UNREADABLE);
  const boardId = positive(/\bboard\/(\d+)/.exec(link)?.[1]);
  const cardId = positive(/\bcard\/(\d+)/.exec(link)?.[1]);
  if (cardId === undefined) return boardId === undefined ? none(UNREADABLE) : { ids: { board_id: boardId } };
  const ids: Record<string, HitIdValue> =
    boardId === undefined ? { card_id: cardId } : { board_id: boardId, card_id: cardId };
  const absent = boardId === undefined ? 'board_id and stack_id are' : 'stack_id is';
  return { ids, missing: `${absent} not in the hit: nc_deck_list_stacks of the board names them` };
};

// unverified: Tables links a table as {tables page}#/table/{id} and a view as #/view/{id}
// (source: nextcloud/tables lib/Search/SearchTablesProvider.php).
const tables: Reader = (_entry, link) => {
  const match = /\/apps\/tables\/.*\b(table|view)\/(\d+)/.exec(link);
  const id = positive(match?.[2]);
  if (id === undefined) return none(UNREADABLE);
  return match?.[1] === 'table' ? { ids: { table_id: id } } : none('a view: no tool takes a view id');
};

// unverified: News links a folder as {news page}#/items/folders/{id} and a feed and an item as #/feed/{feedId}; other
// versions write #/folder/{id} and #/items/feeds/{id} (source: nextcloud/news lib/Search/FolderSearchProvider.php,
// FeedSearchProvider.php, ItemSearchProvider.php). An item's own id is not in its link.
const newsFolder = numberAfter(/\/apps\/news\/.*\b(?:items\/folders|folder)\/(\d+)/, 'folder_id');
const newsFeed = numberAfter(/\/apps\/news\/.*\b(?:items\/feeds|feed)\/(\d+)/, 'feed_id');
const newsItem: Reader = (entry, link) => {
  const feed = newsFeed(entry, link);
  return { ids: feed.ids, missing: feed.missing ?? 'the item’s id is not in the hit: nc_news_list_items of the feed' };
};

// Sheet (Links into the web UI): an event's page is /apps/calendar/edit/{base64 of its DAV path, web root included}.
// unverified: the calendar search provider links its hits that way (source: nextcloud/server
// apps/dav/lib/Search/EventsSearchProvider.php). The path names the event's file, not its UID.
const calendarEvents: Reader = (_entry, link) => {
  const encoded = /\/apps\/calendar\/(?:.*\/)?edit\/([A-Za-z0-9+/=_-]+)/.exec(link)?.[1];
  const davPath = encoded === undefined ? '' : safeDecode(Buffer.from(encoded, 'base64').toString('utf8'));
  const calendarId = /\/remote\.php\/dav\/calendars\/[^/]+\/([^/]+)\/[^/]+$/.exec(davPath)?.[1];
  if (calendarId === undefined) return none(UNREADABLE);
  return {
    ids: { calendar_id: calendarId },
    missing: 'event_id (the UID) is not in the hit: nc_calendar_list_events with calendar_ids and query finds it',
  };
};

// unverified: the tasks search provider links a task as {tasks page}calendars/{calendar}/tasks/{file}
// (source: nextcloud/server apps/dav/lib/Search/TasksSearchProvider.php).
const calendarTasks: Reader = (_entry, link) => {
  const calendarId = /\/apps\/tasks\/.*\bcalendars\/([^/]+)\/tasks\//.exec(link)?.[1];
  if (calendarId === undefined) return none(UNREADABLE);
  return {
    ids: { calendar_id: calendarId },
    missing: 'task_id (the UID) is not in the hit: nc_calendar_list_tasks with calendar_ids lists it',
  };
};

// Sheet (Links into the web UI): a contact's page is /apps/contacts/direct/contact/{vCard UID}~{addressBookUri}.
// unverified: the contacts search provider links its hits that way (source: nextcloud/server
// apps/dav/lib/Search/ContactsSearchProvider.php).
const contacts: Reader = (_entry, link) => {
  const match = /\/apps\/contacts\/direct\/contact\/(.+)~([^~/]+)$/.exec(link);
  if (!match) return none(UNREADABLE);
  return { ids: { address_book_id: match[2]!, contact_id: match[1]! } };
};

const READERS: Record<string, Reader> = {
  files,
  notes,
  cookbook,
  'search-deck-card-board': deck,
  'search-deck-comment': deck,
  'tables-search-tables': tables,
  news_folder: newsFolder,
  news_feed: newsFeed,
  news_item: newsItem,
  calendar: calendarEvents,
  tasks: calendarTasks,
  contacts,
};

/** Providers whose hits no tool of ours takes (the rest are unknown to us and say so). */
const WITHOUT_TOOL = new Set(['comments', 'systemtags', 'circles', 'settings', 'settings_apps']);

/** The ids of one hit of `providerId`, or why there are none. */
export function idsOfHit(providerId: string, entry: SearchEntry): HitIds {
  const reader = READERS[providerId];
  if (reader) return reader(entry, linkOf(entry.resourceUrl));
  if (WITHOUT_TOOL.has(providerId)) return none(NO_TOOL);
  return none('ids are not read from this provider’s hits');
}
