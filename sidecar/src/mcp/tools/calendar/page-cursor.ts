// Opaque cursors for lists the tools page through themselves: the offset of the next page and a fingerprint of the
// query, so that a cursor is refused with a clear message when the other arguments changed.
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../../../errors.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The page starting at `cursor` (or the first page) of `items`, listed for `query`. */
export function pageOf<T>(items: T[], limit: number, query: unknown, cursor?: string): Page<T> {
  const key = fingerprint(query);
  const offset = cursor === undefined ? 0 : decodeOffset(cursor, key);
  const end = offset + limit;
  return {
    items: items.slice(offset, end),
    nextCursor: end < items.length ? Buffer.from(JSON.stringify({ o: end, k: key })).toString('base64url') : null,
  };
}

function decodeOffset(cursor: string, key: string): number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidInputError('cursor is not one this tool returned.');
  }
  const { o, k } = (decoded ?? {}) as { o?: unknown; k?: unknown };
  if (typeof o !== 'number' || !Number.isInteger(o) || o < 0) {
    throw new InvalidInputError('cursor is not one this tool returned.');
  }
  if (k !== key) throw new InvalidInputError('cursor belongs to a list with other arguments, start again without it.');
  return o;
}

function fingerprint(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 16);
}
