// Unified search providers of Calendar, Tasks, Deck, Collectives, Mail and Talk in the double, each answering with
// entries shaped as the app's provider writes them (id, name, title, subline, link, attributes). The sheet lists only
// the provider ids of the apps verified there, so each shape below is read from the app's code and marked so.
import type { SearchDoubleEntry, SearchDoubleProvider } from '../unified-search.js';

/** The server's base URL as Nextcloud's URL generator writes absolute links (`https://cloud.example.org/nc`). */
export interface ServerBase {
  serverUrl: string;
}

export interface CalendarObjectHit {
  userId: string;
  calendarId: string;
  /** The object's file name in the calendar. */
  objectName: string;
  summary: string;
}

// unverified: id "calendar", app "dav", name "Events", paginated, the link /index.php/apps/calendar/edit/{base64 of
// /remote.php/dav/calendars/{user with spaces as %20}/{calendar}/{object}, the web root in front} (source:
// nextcloud/server apps/dav/lib/Search/EventsSearchProvider.php search, getDeepLinkToCalendarApp,
// getDavUrlForCalendarObject). Its subline (the formatted times) and the createdAt attribute are left out.
export function eventsProvider(base: ServerBase, events: CalendarObjectHit[]): SearchDoubleProvider {
  const webRoot = new URL(base.serverUrl).pathname.replace(/\/+$/, '');
  return {
    id: 'calendar',
    appId: 'dav',
    name: 'Events',
    paginated: true,
    entries: events.map((event) => {
      const davPath = `${webRoot}/remote.php/dav/calendars/${event.userId.replaceAll(' ', '%20')}/${event.calendarId}/${event.objectName}`;
      return {
        title: event.summary,
        resourceUrl: `${base.serverUrl}/index.php/apps/calendar/edit/${Buffer.from(davPath).toString('base64')}`,
      };
    }),
  };
}

// unverified: id "tasks", app "dav", name "Tasks", paginated, the link /index.php/apps/tasks/#/calendars/{calendar}/
// tasks/{object} (source: nextcloud/server apps/dav/lib/Search/TasksSearchProvider.php getDeepLinkToTasksApp).
export function tasksProvider(base: ServerBase, tasks: CalendarObjectHit[]): SearchDoubleProvider {
  return {
    id: 'tasks',
    appId: 'dav',
    name: 'Tasks',
    paginated: true,
    entries: tasks.map((task) => ({
      title: task.summary,
      resourceUrl: `${base.serverUrl}/index.php/apps/tasks/#/calendars/${task.calendarId}/tasks/${task.objectName}`,
    })),
  };
}

export interface DeckCardHit {
  cardId: number;
  title: string;
  boardTitle: string;
  stackTitle: string;
}

// unverified: a card's subline "{board} » {stack}" and its link /index.php/apps/deck/card/{cardId} (source:
// nextcloud/deck lib/Search/CardSearchResultEntry.php, the route deck.page.redirectToCard).
export function deckCardsProvider(base: ServerBase, cards: DeckCardHit[]): SearchDoubleProvider {
  return {
    id: 'search-deck-card-board',
    appId: 'deck',
    name: 'Cards and boards',
    entries: cards.map((card) => ({
      title: card.title,
      subline: `${card.boardTitle} » ${card.stackTitle}`,
      resourceUrl: `${base.serverUrl}/index.php/apps/deck/card/${card.cardId}`,
    })),
  };
}

export interface CollectivePageHit {
  collective: { id: number; name: string; slug?: string };
  page: { id: number; title: string; slug?: string; folders?: string[]; landing?: boolean };
}

// unverified: ids "collectives", "collectives-pages", "collectives-page-content" (app "collectives"); a collective
// links as /index.php/apps/collectives/{slug}-{id} (or its name), a page as …/{collective}/{slug}-{pageId} with a slug
// and as …/{collective}/{folders}/{title}?fileId={pageId} without one (the landing page: …/{collective})
// (source: nextcloud/collectives lib/Search/*Provider.php and lib/Service/PageService.php getPageLink).
export function collectivesProviders(base: ServerBase, pages: CollectivePageHit[]): SearchDoubleProvider[] {
  const app = `${base.serverUrl}/index.php/apps/collectives/`;
  const collectivePath = (c: CollectivePageHit['collective']) =>
    c.slug ? `${c.slug}-${c.id}` : encodeURIComponent(c.name);
  const pageEntry = ({ collective, page }: CollectivePageHit): SearchDoubleEntry => {
    const path = page.slug
      ? `/${page.slug}-${page.id}`
      : page.landing
        ? ''
        : `/${[...(page.folders ?? []), page.title].map(encodeURIComponent).join('/')}?fileId=${page.id}`;
    return {
      title: page.title,
      subline: `In collective ${collective.name}`,
      resourceUrl: `${app}${collectivePath(collective)}${path}`,
    };
  };
  const collectives = [...new Map(pages.map((hit) => [hit.collective.id, hit.collective])).values()];
  return [
    {
      id: 'collectives',
      appId: 'collectives',
      name: 'Collectives',
      entries: collectives.map((c) => ({ title: c.name, resourceUrl: `${app}${collectivePath(c)}` })),
    },
    { id: 'collectives-pages', appId: 'collectives', name: 'Collectives - Pages', entries: pages.map(pageEntry) },
  ];
}

export interface MailMessageHit {
  mailboxId: number;
  messageId: number;
  subject: string;
  from: string;
}

// unverified: id "mail", name "Mails", paginated, the subject as title, "{sender} – {date}" as subline, the link
// /index.php/apps/mail/box/{mailboxId}/thread/{messageId} (source: nextcloud/mail lib/Search/Provider.php).
export function mailProvider(base: ServerBase, messages: MailMessageHit[]): SearchDoubleProvider {
  return {
    id: 'mail',
    name: 'Mails',
    paginated: true,
    entries: messages.map((message) => ({
      title: message.subject,
      subline: `${message.from} – Yesterday`,
      resourceUrl: `${base.serverUrl}/index.php/apps/mail/box/${message.mailboxId}/thread/${message.messageId}`,
    })),
  };
}

export interface TalkMessageHit {
  token: string;
  messageId: number;
  actorId: string;
  message: string;
}

// unverified: id "talk-message", app "spreed", name "Messages", the link /index.php/call/{token}#message_{id} and the
// attributes conversation, messageId, actorType, actorId, timestamp (source: nextcloud/spreed
// lib/Search/MessageSearch.php commentToSearchResultEntry).
export function talkMessagesProvider(base: ServerBase, messages: TalkMessageHit[]): SearchDoubleProvider {
  return {
    id: 'talk-message',
    appId: 'spreed',
    name: 'Messages',
    paginated: true,
    entries: messages.map((m) => ({
      title: m.actorId,
      subline: m.message,
      resourceUrl: `${base.serverUrl}/index.php/call/${m.token}#message_${m.messageId}`,
      attributes: {
        conversation: m.token,
        messageId: String(m.messageId),
        actorType: 'users',
        actorId: m.actorId,
        timestamp: '1795845603',
      },
    })),
  };
}
