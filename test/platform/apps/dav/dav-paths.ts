// Where Nextcloud's DAV paths live in Radicale, and back: calendars and address books of a user become flat
// Radicale collections `/{uid}/calendar--{name}/` and `/{uid}/addressbook--{name}/` (owner_only allows no nesting).

export type DavKind = 'calendar' | 'addressbook';

/** A request path below Nextcloud's base, understood. `collection` and `rest` stay percent-encoded. */
export interface DavTarget {
  kind: DavKind;
  /** The user id in the path (percent-decoded). */
  userId: string;
  /** The collection segment (calendar or address book name); '' for the home itself. */
  collection: string;
  /** What follows the collection, without the leading slash ('' for the collection itself). */
  rest: string;
}

const CALENDAR_HOME = '/remote.php/dav/calendars/';
const ADDRESS_HOME = '/remote.php/dav/addressbooks/users/';
const RADICALE_PREFIX: Record<DavKind, string> = { calendar: 'calendar--', addressbook: 'addressbook--' };

export function parseDavPath(path: string): DavTarget | undefined {
  const kind: DavKind | undefined = path.startsWith(CALENDAR_HOME)
    ? 'calendar'
    : path.startsWith(ADDRESS_HOME)
      ? 'addressbook'
      : undefined;
  if (!kind) return undefined;
  const below = path.slice((kind === 'calendar' ? CALENDAR_HOME : ADDRESS_HOME).length);
  const [user = '', collection = '', ...rest] = below.split('/');
  if (user === '') return undefined;
  return { kind, userId: safeDecode(user), collection, rest: rest.join('/') };
}

/** Nextcloud's path (below its base) of a user's calendar or address home, with a trailing slash. */
export function nextcloudHomePath(kind: DavKind, userId: string): string {
  return `${kind === 'calendar' ? CALENDAR_HOME : ADDRESS_HOME}${encodeURIComponent(userId)}/`;
}

/** Radicale's path of a target: the principal for a home, else the prefixed flat collection. */
export function radicalePath(target: DavTarget): string {
  const principal = `/${encodeURIComponent(target.userId)}/`;
  if (target.collection === '') return principal;
  return `${principal}${RADICALE_PREFIX[target.kind]}${target.collection}/${target.rest}`;
}

/**
 * The Nextcloud path (below the base) for a Radicale href, or undefined when the href is a collection of the other
 * kind. The principal itself maps to the home of `kind`.
 */
export function nextcloudPathOf(radicaleHref: string, kind: DavKind): string | undefined {
  const match = /^\/([^/]+)\/(?:([^/]+)\/(.*))?$/.exec(radicaleHref);
  if (!match) return undefined;
  const userId = safeDecode(match[1] ?? '');
  const home = nextcloudHomePath(kind, userId);
  const collection = match[2];
  if (collection === undefined) return home;
  const prefix = RADICALE_PREFIX[kind];
  if (!collection.startsWith(prefix)) return undefined;
  return `${home}${collection.slice(prefix.length)}/${match[3] ?? ''}`;
}

/** Rewrites every `<href>` of a Radicale multistatus to Nextcloud's paths; drops responses of the other kind. */
export function rewriteMultistatus(xml: string, kind: DavKind, basePath: string): string {
  return xml.replace(/<((?:[\w-]+:)?)response\b[^>]*>[\s\S]*?<\/\1response>/g, (response) => {
    let keep = true;
    const rewritten = response.replace(
      /(<(?:[\w-]+:)?href>)([^<]*)(<\/(?:[\w-]+:)?href>)/g,
      (_all, open: string, href: string, close: string) => {
        const mapped = nextcloudPathOf(href.trim(), kind);
        if (mapped === undefined) keep = false;
        return `${open}${basePath}${mapped ?? href}${close}`;
      },
    );
    return keep ? rewritten.replace(/<(?:[\w-]+:)?principal\s*\/>/g, '') : '';
  });
}

/**
 * Rewrites every `<href>` of a request body (a calendar-multiget or addressbook-multiget names its objects by
 * Nextcloud paths) to Radicale's; an href that is no DAV path of ours is left as it is (Radicale answers it 404).
 */
export function rewriteRequestHrefs(xml: string, basePath: string): string {
  return xml.replace(
    /(<(?:[\w-]+:)?href>)([^<]*)(<\/(?:[\w-]+:)?href>)/g,
    (_all, open: string, href: string, close: string) => {
      const path = href.trim();
      const target = path.startsWith(basePath) ? parseDavPath(path.slice(basePath.length)) : undefined;
      return `${open}${target ? radicalePath(target) : href}${close}`;
    },
  );
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
