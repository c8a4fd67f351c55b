// Searching the user's notes by title and content (the Notes API has no search): scans chunks in Notes order and
// keeps the notes that contain every word of the query, case-insensitively.
import type { NextcloudClient } from '../nextcloud-client.js';
import type { NoteSummary } from './note.js';
import { listNotesWithContent } from './notes.js';

export interface NoteMatch extends NoteSummary {
  /** A short piece of the content around the first match (or its start). */
  excerpt: string;
}

export interface NoteSearchPage {
  matches: NoteMatch[];
  hasMore: boolean;
}

const CHUNK_SIZE = 100;
const EXCERPT_CHARS = 160;

/** Matches `offset` to `offset + limit` of the search, in the order Notes lists them. */
export async function searchNotes(
  client: NextcloudClient,
  options: { query: string; category?: string; offset: number; limit: number },
): Promise<NoteSearchPage> {
  const words = options.query.toLowerCase().split(/\s+/).filter(Boolean);
  const wanted = options.offset + options.limit + 1;
  const matches: NoteMatch[] = [];
  let cursor: string | undefined;
  do {
    const page = await listNotesWithContent(client, { chunkSize: CHUNK_SIZE, cursor, category: options.category });
    for (const note of page.notes) {
      const haystack = `${note.title}\n${note.content}`.toLowerCase();
      if (!words.every((word) => haystack.includes(word))) continue;
      const { content, etag: _etag, ...summary } = note;
      matches.push({ ...summary, excerpt: excerptAround(content, words[0] ?? '') });
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && matches.length < wanted);
  return {
    matches: matches.slice(options.offset, options.offset + options.limit),
    hasMore: matches.length > options.offset + options.limit,
  };
}

function excerptAround(content: string, word: string): string {
  const at = Math.max(0, content.toLowerCase().indexOf(word));
  const start = Math.max(0, at - EXCERPT_CHARS / 4);
  const piece = content
    .slice(start, start + EXCERPT_CHARS)
    .replace(/\s+/g, ' ')
    .trim();
  return `${start > 0 ? '...' : ''}${piece}${start + EXCERPT_CHARS < content.length ? '...' : ''}`;
}
