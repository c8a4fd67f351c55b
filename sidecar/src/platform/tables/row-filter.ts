// Rows whose value in one column matches: Tables' API has no such filter (only views, which a user sets up), so rows
// are read in batches and compared here. A call reads at most MAX_SCANNED_ROWS rows and says where to go on.
import type { NextcloudClient } from '../nextcloud-client.js';
import { listRows, type RowSource, type TableRow } from './rows.js';

/** Rows read per request while filtering. */
const BATCH_ROWS = 200;
/** Rows one call reads at most while filtering, whatever it finds. */
export const MAX_SCANNED_ROWS = 2000;

export interface RowFilter {
  columnId: number;
  /** Text matches when contained (ignoring case); other values when equal; null matches an empty cell. */
  value: unknown;
}

export interface FilteredRowPage {
  rows: TableRow[];
  /** The offset to go on from, or null when every row was read. */
  nextOffset: number | null;
  scanned: number;
}

/** Up to `limit` matching rows from `offset` on, reading at most MAX_SCANNED_ROWS rows. */
export async function findRows(
  client: NextcloudClient,
  source: RowSource,
  filter: RowFilter,
  page: { limit: number; offset: number },
): Promise<FilteredRowPage> {
  const rows: TableRow[] = [];
  let offset = page.offset;
  for (;;) {
    const batch = await listRows(client, source, { limit: BATCH_ROWS, offset });
    for (const [index, row] of batch.rows.entries()) {
      if (!matches(row, filter)) continue;
      rows.push(row);
      // Full: go on after this row next time.
      if (rows.length === page.limit) {
        const next = offset + index + 1;
        const more = index + 1 < batch.rows.length || batch.hasMore;
        return { rows, nextOffset: more ? next : null, scanned: next - page.offset };
      }
    }
    offset += batch.rows.length;
    if (!batch.hasMore) return { rows, nextOffset: null, scanned: offset - page.offset };
    if (offset - page.offset >= MAX_SCANNED_ROWS) return { rows, nextOffset: offset, scanned: offset - page.offset };
  }
}

function matches(row: TableRow, filter: RowFilter): boolean {
  const cell = row.cells.find((candidate) => candidate.columnId === filter.columnId)?.value ?? null;
  return valueMatches(cell, filter.value);
}

/** Lists (multiple selections, users and groups) match when any item does; a user or group item by its id. */
export function valueMatches(cell: unknown, wanted: unknown): boolean {
  if (Array.isArray(cell)) return cell.some((item) => valueMatches(item, wanted));
  if (cell !== null && typeof cell === 'object') return valueMatches((cell as { id?: unknown }).id ?? null, wanted);
  if (wanted === null || wanted === '') return cell === null || cell === '';
  if (cell === null) return false;
  if (typeof wanted === 'string' && typeof cell === 'string') return cell.toLowerCase().includes(wanted.toLowerCase());
  return String(cell) === String(wanted);
}
