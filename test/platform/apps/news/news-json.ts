// The JSON of the news double that needs no state: items as News answers them, the SQL text it leaks for an unknown
// feed or item, and the lastModified of items/updated (seconds or microseconds).
import { createHash } from 'node:crypto';
import type { Item } from '../news.js';

export function describeItem(item: Item) {
  const { source } = item;
  const guidHash = createHash('md5').update(item.guid).digest('hex');
  return {
    id: item.id,
    guid: item.guid,
    guidHash,
    url: source.url ?? null,
    title: source.title,
    author: source.author ?? null,
    pubDate: source.pubDate ?? item.lastModified,
    updatedDate: null,
    body: source.body,
    enclosureMime: null,
    enclosureLink: null,
    mediaThumbnail: null,
    mediaDescription: null,
    feedId: item.feedId,
    unread: item.unread,
    starred: item.starred,
    lastModified: item.lastModified,
    rtl: false,
    fingerprint: guidHash,
    contentHash: createHash('md5').update(source.body).digest('hex'),
  };
}

/**
 * The message News answers an unknown feed or item with: the database's "no result" text with the SQL query in it.
 * unverified: the exact wording and query (source: Nextcloud's QBMapper::findEntity(), DoesNotExistException).
 */
export function leakedSql(table: string, id: number): string {
  return (
    `Did expect one result but found none when executing: query "SELECT * FROM \`*PREFIX*${table}\` WHERE ` +
    `(\`id\` = :dcValue1) AND (\`user_id\` = :dcValue2)"; parameters array (\n  'dcValue1' => ${id},\n)`
  );
}

/**
 * `lastModified` of items/updated in unix seconds; News takes microseconds too. unverified: how News tells them
 * apart (here: a value past the year 5000 is microseconds; source: none).
 */
export function updatedSinceSeconds(params: URLSearchParams): number {
  const value = Number(params.get('lastModified') ?? 0);
  return value > 1e11 ? Math.floor(value / 1e6) : value;
}
