// Opaque cursors for paging through a table's rows: the table id and the next offset, base64url-encoded JSON.
import { InvalidInputError } from '../../errors.js';

export function encodeRowCursor(tableId: number, offset: number): string {
  return Buffer.from(JSON.stringify({ t: tableId, o: offset }), 'utf8').toString('base64url');
}

/** The offset a cursor points at; throws InvalidInputError for a malformed cursor or one of another table. */
export function decodeRowCursor(cursor: string, tableId: number): number {
  let decoded: { t?: unknown; o?: unknown } | undefined;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; o?: unknown };
  } catch {
    decoded = undefined;
  }
  const offset = decoded?.o;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || decoded?.t !== tableId) {
    throw new InvalidInputError('The cursor is not one this tool returned for this table.');
  }
  return offset;
}
