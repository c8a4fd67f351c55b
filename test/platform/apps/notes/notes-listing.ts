// GET /notes of the notes double: the category filter, `exclude`, `pruneBefore` against each note's server-side last
// update, chunks in the order of that update with Notes' cursor, and the list headers.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type DoubleRequest } from '../../double-app.js';

/** What the listing needs of a note: its id, category and when the server last saw it change (unix seconds). */
export interface ListableNote {
  id: number;
  category: string;
  updatedAt: number;
}

interface ChunkCursor {
  /** When the first chunk was asked for (unix seconds). */
  start: number;
  updatedAt: number;
  id: number;
}

export function listNotes<T extends ListableNote>(
  req: DoubleRequest,
  res: ServerResponse,
  notes: T[],
  describe: (note: T) => Record<string, unknown>,
): void {
  const params = req.url.searchParams;
  const category = params.get('category');
  // `etag` cannot be excluded.
  const exclude = new Set((params.get('exclude') ?? '').split(',').filter((field) => field && field !== 'etag'));
  const pruneBefore = Number(params.get('pruneBefore') ?? 0);
  const chunkSize = Number(params.get('chunkSize') ?? 0);
  const after = readCursor(params.get('chunkCursor'));
  const start = after?.start ?? Math.floor(Date.now() / 1000);
  const all = category === null ? notes : notes.filter((note) => note.category === category);
  // unverified: pruned notes and those before the cursor do not count toward a chunk; they come as {id} in the last
  // one (source: nextcloud/notes lib/Controller/Helper.php, getNotesAndCategories()).
  const full = all
    .filter((note) => !(pruneBefore && note.updatedAt < pruneBefore) && !(after && isAtOrBefore(note, after)))
    .sort((a, b) => a.updatedAt - b.updatedAt || a.id - b.id);
  const chunk = chunkSize > 0 ? full.slice(0, chunkSize) : full;
  const pending = full.length - chunk.length;
  const headers: Record<string, string> = { 'X-Notes-API-Versions': '0.2, 1.3, 1.4' };
  const last = chunk[chunk.length - 1];
  if (pending > 0 && last) {
    headers['X-Notes-Chunk-Cursor'] = `${start}-${last.updatedAt}-${last.id}`;
    headers['X-Notes-Chunk-Pending'] = String(pending);
  }
  const body: Record<string, unknown>[] = chunk.map((note) => omit(describe(note), exclude));
  // The last chunk also lists every other note, as its id only.
  if (pending === 0) for (const note of all) if (!chunk.includes(note)) body.push({ id: note.id });
  headers.ETag = `"${createHash('md5').update(JSON.stringify(body)).digest('hex')}"`;
  // The time of the request (unverified: a later chunk answers the time of the first, source: as above).
  headers['Last-Modified'] = new Date(start * 1000).toUTCString();
  sendJson(res, 200, body, headers);
}

function isAtOrBefore(note: ListableNote, cursor: ChunkCursor): boolean {
  return note.updatedAt < cursor.updatedAt || (note.updatedAt === cursor.updatedAt && note.id <= cursor.id);
}

function readCursor(text: string | null): ChunkCursor | undefined {
  const match = /^(\d+)-(\d+)-(\d+)$/.exec(text ?? '');
  return match ? { start: Number(match[1]), updatedAt: Number(match[2]), id: Number(match[3]) } : undefined;
}

function omit(note: Record<string, unknown>, fields: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(note).filter(([key]) => !fields.has(key)));
}
