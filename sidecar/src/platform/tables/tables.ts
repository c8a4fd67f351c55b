// The tables a user can see in the Tables app (OCS API 2), normalized.
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
}

export async function listTables(client: NextcloudClient): Promise<TableSummary[]> {
  const data = await client.requestJson<unknown>(tablesPaths.tables());
  return (Array.isArray(data) ? data : []).map(toTableSummary);
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
  };
}
