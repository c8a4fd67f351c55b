// The opaque cursor of nc_files_list: which folder it belongs to and the sort key of the last entry returned, so
// the next page starts after it even when entries were added or removed in between.
import { InvalidInputError } from '../../../errors.js';
import type { FileEntry } from '../../../platform/files/propfind.js';

const MAX_CURSOR_CHARS = 8192;

/** Folders first, then by name (code points), as nc_files_list orders entries. */
export function listSortKey(entry: Pick<FileEntry, 'type' | 'name'>): string {
  return `${entry.type === 'folder' ? '0' : '1'}/${entry.name}`;
}

export function compareSortKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function encodeListCursor(folder: string, lastKey: string): string {
  return Buffer.from(JSON.stringify({ f: folder, k: lastKey }), 'utf8').toString('base64url');
}

/** The sort key to continue after; InvalidInputError when the cursor is malformed or from another folder. */
export function decodeListCursor(cursor: string, folder: string): string {
  let decoded: unknown;
  try {
    decoded =
      cursor.length > MAX_CURSOR_CHARS ? undefined : JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const { f, k } = (decoded ?? {}) as { f?: unknown; k?: unknown };
  if (typeof f !== 'string' || typeof k !== 'string') {
    throw new InvalidInputError('The cursor is not valid; start again without one.');
  }
  if (f !== folder) throw new InvalidInputError('The cursor belongs to another folder; start again without one.');
  return k;
}
