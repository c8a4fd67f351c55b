// The full-text search app (`fulltextsearch`) as one more unified search provider in the double. Not verified on a
// real Nextcloud: everything here is read from the app's code, so tests that use it say so, and the sidecar must work
// without it (it is only ever one more entry in the provider list).
import type { SearchDoubleEntry, SearchDoubleProvider } from '../unified-search.js';

/** What one indexed document of the full-text search looks like in its unified search answer. */
export interface FullTextSearchDocument {
  /** The app that indexed it (`files`, …): the provider puts it in brackets before the excerpt. */
  providerId: string;
  title: string;
  excerpt?: string;
  /** The document's link, e.g. a file's `/index.php/f/{id}` (absolute on a real server). */
  link: string;
}

// unverified: the id `fulltextsearch`, the name "Full Text Search", that it is paginated, the title "(files) excerpt"
// with the document's title as subline (or the title alone without excerpts), the link from the document and no
// attributes (source: nextcloud/fulltextsearch lib/Search/UnifiedSearchProvider.php, getId, getName, search and
// convertSearchResult). Its real cursor is the old cursor + limit; the double's paginated providers count what they
// return instead, which is the same on every page but the last.
export function fullTextSearchProvider(documents: FullTextSearchDocument[], order = 1): SearchDoubleProvider {
  return {
    id: 'fulltextsearch',
    appId: 'fulltextsearch',
    name: 'Full Text Search',
    order,
    paginated: true,
    entries: documents.map(toEntry),
  };
}

function toEntry(document: FullTextSearchDocument): SearchDoubleEntry {
  const bracket = `(${document.providerId}) `;
  return document.excerpt
    ? { title: `${bracket}${document.excerpt}`, subline: document.title, resourceUrl: document.link }
    : { title: `${bracket}${document.title}`, subline: '', resourceUrl: document.link };
}
