// The ids our tools take, read from a unified search hit (its attributes or its link), per provider; a hit whose ids
// cannot be read says why instead of guessing.
import type { SearchEntry } from './provider-search.js';

export type HitIdValue = string | number;

export interface HitIds {
  /** Tool argument name → value, e.g. `{ note_id: 7 }`; empty when nothing could be read. */
  ids: Record<string, HitIdValue>;
  /** Why some or all ids are absent; undefined when the hit carries every id the provider's tools take. */
  missing?: string;
  /** The calendar object the hit links to by file name: its UID (`calendar-hit-uids.ts` reads it) is the missing id. */
  calendarObject?: CalendarObjectLink;
  /** A Deck card linked without its board: its board and stack (`deck-hit-places.ts` reads them) are the missing ids. */
  deckCardId?: number;
}

export interface CalendarObjectLink {
  /** The user whose calendar home the link names. */
  ownerId: string;
  calendarId: string;
  /** The object's file name in the calendar, e.g. `8f2c-4d.ics` (not necessarily its UID). */
  objectName: string;
  idName: 'event_id' | 'task_id';
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

/** The link's query string (`?fileId=7`), or ''. */
function queryOf(resourceUrl: string): string {
  try {
    return new URL(resourceUrl, 'http://server.invalid').search;
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
// unverified: a card hit's subline is "{board title} » {stack title}" (source: the same CardSearchResultEntry.php):
// titles, not ids, so they are only named to help find the ids.
const deck: Reader = (entry, link) => {
  if (!link.includes('/apps/deck/')) return none(UNREADABLE);
  const boardId = positive(/\bboard\/(\d+)/.exec(link)?.[1]);
  const cardId = positive(/\bcard\/(\d+)/.exec(link)?.[1]);
  if (cardId === undefined) return boardId === undefined ? none(UNREADABLE) : { ids: { board_id: boardId } };
  const ids: Record<string, HitIdValue> =
    boardId === undefined ? { card_id: cardId } : { board_id: boardId, card_id: cardId };
  const [boardTitle, stackTitle] = entry.subline.split(' » ');
  const where = boardTitle && stackTitle ? ` (board “${boardTitle}”, list “${stackTitle}”)` : '';
  const absent = boardId === undefined ? 'board_id and stack_id are' : 'stack_id is';
  const finder = boardId === undefined ? 'nc_deck_list_boards, then nc_deck_list_stacks' : 'nc_deck_list_stacks';
  return { ids, missing: `${absent} not in the hit${where}: ${finder} names them`, deckCardId: cardId };
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
// unverified: the calendar search provider links its hits that way, with the user id's spaces written %20 and the
// calendar's and the object's names as they are (source: nextcloud/server apps/dav/lib/Search/EventsSearchProvider.php
// getDeepLinkToCalendarApp and getDavUrlForCalendarObject). The path names the event's file, not its UID: the UID is
// read from that file afterwards.
const calendarEvents: Reader = (_entry, link) => {
  const encoded = /\/apps\/calendar\/(?:.*\/)?edit\/([A-Za-z0-9+/=_-]+)/.exec(link)?.[1];
  const davPath = encoded === undefined ? '' : safeDecode(Buffer.from(encoded, 'base64').toString('utf8'));
  const match = /\/remote\.php\/dav\/calendars\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(davPath);
  if (!match) return none(UNREADABLE);
  return calendarObjectHit({ ownerId: match[1]!, calendarId: match[2]!, objectName: match[3]!, idName: 'event_id' });
};

// unverified: the tasks search provider links a task as {tasks page}#/calendars/{calendar}/tasks/{file}, without the
// user (source: nextcloud/server apps/dav/lib/Search/TasksSearchProvider.php getDeepLinkToTasksApp).
const calendarTasks: Reader = (_entry, link) => {
  const match = /\/apps\/tasks\/.*\bcalendars\/([^/]+)\/tasks\/([^/?#]+)$/.exec(link);
  if (!match) return none(UNREADABLE);
  return calendarObjectHit({ ownerId: '', calendarId: match[1]!, objectName: match[2]!, idName: 'task_id' });
};

function calendarObjectHit(object: CalendarObjectLink): HitIds {
  if ([object.calendarId, object.objectName].some((name) => name === '.' || name === '..')) return none(UNREADABLE);
  return {
    ids: { calendar_id: object.calendarId },
    missing: `${object.idName} (the UID) was not read from the ${object.idName === 'event_id' ? 'event' : 'task'}`,
    calendarObject: object,
  };
}

// Sheet (Links into the web UI): a contact's page is /apps/contacts/direct/contact/{vCard UID}~{addressBookUri}.
// unverified: the contacts search provider links its hits that way (source: nextcloud/server
// apps/dav/lib/Search/ContactsSearchProvider.php).
const contacts: Reader = (_entry, link) => {
  const match = /\/apps\/contacts\/direct\/contact\/(.+)~([^~/]+)$/.exec(link);
  if (!match) return none(UNREADABLE);
  return { ids: { address_book_id: match[2]!, contact_id: match[1]! } };
};

// unverified: Collectives links a collective as {collectives page}/{its URL path} and a page (both page providers) as
// {collectives page}{collective URL path}/{page URL path}; with slugs (newer collectives and pages) the URL paths are
// {slug}-{collectiveId} and {slug}-{pageId}, without them the collective's name and the page's folders and title
// followed by ?fileId={pageId} (none for a collective's landing page) (source: nextcloud/collectives
// lib/Search/CollectiveProvider.php, PageProvider.php, PageContentProvider.php and lib/Service/PageService.php
// getPageLink and matchBacklinks). Slugs are lower-case letters, digits and hyphens; a collective named that way
// without a slug (e.g. "team-2024") cannot be told from a slug, and would be read as collective 2024.
const SLUG_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*-(\d+)$/;
const collectiveOf = (link: string) =>
  positive(SLUG_ID.exec(/\/apps\/collectives\/+([^/?#]+)/.exec(link)?.[1] ?? '')?.[1]);
const collective: Reader = (_entry, link) => {
  const collectiveId = collectiveOf(link);
  if (collectiveId !== undefined) return { ids: { collective_id: collectiveId } };
  return none('collective_id is not in the hit (a collective without a slug): nc_collectives_list_collectives');
};
const collectivesPage: Reader = (entry, link) => {
  const collectiveId = collectiveOf(link);
  const segments = /\/apps\/collectives\/+[^/?#]+\/([^?#]+)/.exec(link)?.[1]?.split('/') ?? [];
  const fileId = /[?&]fileId=(\d+)/.exec(queryOf(entry.resourceUrl))?.[1];
  const pageId = positive(fileId) ?? (segments.length === 1 ? positive(SLUG_ID.exec(segments[0]!)?.[1]) : undefined);
  const ids: Record<string, HitIdValue> = {
    ...(collectiveId === undefined ? {} : { collective_id: collectiveId }),
    ...(pageId === undefined ? {} : { page_id: pageId }),
  };
  const absent = [collectiveId === undefined ? 'collective_id' : '', pageId === undefined ? 'page_id' : ''];
  const names = absent.filter((name) => name !== '');
  if (names.length === 0) return { ids };
  const subject = names.length === 1 ? `${names[0]} is` : `${names.join(' and ')} are`;
  return { ids, missing: `${subject} not in the hit: nc_collectives_list_pages names them` };
};

// unverified: Mail links a message as {mail page}box/{mailboxId}/thread/{messageId} (source: nextcloud/mail
// lib/Search/Provider.php, the route mail.page.thread); the message id is the one Mail's API and our tools use.
const mail: Reader = (_entry, link) => {
  const match = /\/apps\/mail\/box\/(\d+)\/thread\/(\d+)/.exec(link);
  const mailboxId = positive(match?.[1]);
  const messageId = positive(match?.[2]);
  if (mailboxId === undefined || messageId === undefined) return none(UNREADABLE);
  return { ids: { mailbox_id: mailboxId, message_id: messageId } };
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
  collectives: collective,
  'collectives-pages': collectivesPage,
  'collectives-page-content': collectivesPage,
  mail,
};

/** Providers whose hits no tool of ours takes (the rest are unknown to us and say so). */
// unverified: Talk's provider ids talk-conversations, talk-message and talk-message-current (source: nextcloud/spreed
// lib/Search/ConversationSearch.php, MessageSearch.php, CurrentMessageSearch.php getId).
const WITHOUT_TOOL = new Set([
  'comments',
  'systemtags',
  'circles',
  'settings',
  'settings_apps',
  'talk-conversations',
  'talk-message',
  'talk-message-current',
]);

/** The ids of one hit of `providerId`, or why there are none. */
export function idsOfHit(providerId: string, entry: SearchEntry): HitIds {
  const reader = READERS[providerId];
  if (reader) return reader(entry, linkOf(entry.resourceUrl));
  if (WITHOUT_TOOL.has(providerId)) return none(NO_TOOL);
  return none('ids are not read from this provider’s hits');
}
