// Opaque cursors for paging through rows: where they come from (a table or a view) and the next offset,
// base64url-encoded JSON.
import { InvalidInputError } from '../../errors.js';
import type { RowSource } from './rows.js';

export function encodeRowCursor(source: RowSource, offset: number): string {
  return Buffer.from(JSON.stringify({ s: sourceKey(source), o: offset }), 'utf8').toString('base64url');
}

/** The offset a cursor points at; throws InvalidInputError for a malformed cursor or one of another table or view. */
export function decodeRowCursor(cursor: string, source: RowSource): number {
  let decoded: { s?: unknown; o?: unknown } | undefined;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; o?: unknown };
  } catch {
    decoded = undefined;
  }
  const offset = decoded?.o;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || decoded?.s !== sourceKey(source)) {
    throw new InvalidInputError('The cursor is not one this tool returned for this table or view.');
  }
  return offset;
}

function sourceKey(source: RowSource): string {
  return 'table' in source ? `t${source.table}` : `v${source.view}`;
}
