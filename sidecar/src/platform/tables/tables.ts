// The tables a user can see in the Tables app (OCS API 2), normalized, and creating, renaming and deleting one.
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { tablesPaths } from './tables-paths.js';

export interface TableSummary {
  id: number;
  title: string;
  emoji: string | null;
  description: string;
  owner: string;
  rowCount: number;
  columnCount: number;
  archived: boolean;
  favorite: boolean;
  isShared: boolean;
  views: { id: number; title: string }[];
}

export async function listTables(client: NextcloudClient): Promise<TableSummary[]> {
  const data = await client.requestJson<unknown>(tablesPaths.tables());
  return (Array.isArray(data) ? data : []).map(toTableSummary);
}

/** Creates an empty table (Tables' "custom" template: no columns, no rows). */
export async function createTable(client: NextcloudClient, title: string, emoji?: string): Promise<TableSummary> {
  const json = { title, emoji: emoji ?? '', template: 'custom' };
  return toTableSummary(await client.requestJson(tablesPaths.tables(), { method: 'POST', json }));
}

export async function updateTable(
  client: NextcloudClient,
  tableId: number,
  changes: { title?: string; emoji?: string },
): Promise<TableSummary> {
  return toTableSummary(await requestTable(client, tableId, 'PUT', changes));
}

/** Deletes the table with its columns, rows and views, and answers it as it was. */
export async function deleteTable(client: NextcloudClient, tableId: number): Promise<TableSummary> {
  return toTableSummary(await requestTable(client, tableId, 'DELETE'));
}

/** A call on one table; Tables answers a missing or another user's table with 404 and an empty body. */
async function requestTable(client: NextcloudClient, tableId: number, method: string, json?: unknown) {
  const response = await client.request(tablesPaths.table(tableId), { method, json, accept: [404] });
  if (response.status === 404) throw new NotFoundError(`There is no table ${tableId} that this account can see.`);
  return (response.json() as { ocs?: { data?: unknown } } | null)?.ocs?.data;
}

function toTableSummary(raw: unknown): TableSummary {
  const table = (raw ?? {}) as Record<string, unknown>;
  return {
    id: Number(table.id),
    title: String(table.title ?? ''),
    emoji: typeof table.emoji === 'string' && table.emoji ? table.emoji : null,
    description: typeof table.description === 'string' ? table.description : '',
    owner: String(table.ownership ?? ''),
    rowCount: Number(table.rowsCount ?? 0),
    columnCount: Number(table.columnsCount ?? 0),
    archived: table.archived === true,
    favorite: table.favorite === true,
    isShared: table.isShared === true,
    views: (Array.isArray(table.views) ? table.views : []).map(toView),
  };
}

/**
 * A view as a table lists it (the sheet names the table's `views` field, not its items). unverified: each view has
 * `id` and `title` (source: nextcloud/tables lib/ResponseDefinitions.php, TablesView).
 */
function toView(raw: unknown): { id: number; title: string } {
  const view = (raw ?? {}) as Record<string, unknown>;
  return { id: Number(view.id), title: String(view.title ?? '') };
}
