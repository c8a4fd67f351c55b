// The columns of a table (REST API 1), normalized: id, title, type and the options a value must fit.
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { tablesPaths } from './tables-paths.js';

export interface TableColumn {
  id: number;
  title: string;
  /** text, number, datetime, selection or usergroup; `subtype` refines it (e.g. text/long, selection/multi). */
  type: string;
  subtype: string;
  mandatory: boolean;
  description: string;
  selectionOptions: { id: number; label: string }[];
}

/**
 * Throws NotFoundError when there is no such table the user can read: Tables answers a missing or another user's
 * table here with 403 "no read access to table id = N", not 404.
 */
export async function listColumns(client: NextcloudClient, tableId: number): Promise<TableColumn[]> {
  const response = await client.request(tablesPaths.columns(tableId), { accept: [403, 404] });
  if (response.status === 403 || response.status === 404) {
    throw new NotFoundError(`There is no table ${tableId} that this account can read.`);
  }
  const data = response.json();
  return (Array.isArray(data) ? data : []).map(toColumn);
}

export function toColumn(raw: unknown): TableColumn {
  const column = (raw ?? {}) as Record<string, unknown>;
  const options = Array.isArray(column.selectionOptions) ? column.selectionOptions : [];
  return {
    id: Number(column.id),
    title: String(column.title ?? ''),
    type: String(column.type ?? ''),
    subtype: String(column.subtype ?? ''),
    mandatory: column.mandatory === true,
    description: String(column.description ?? ''),
    selectionOptions: options.map((option: { id?: unknown; label?: unknown }) => ({
      id: Number(option.id),
      label: String(option.label ?? ''),
    })),
  };
}
