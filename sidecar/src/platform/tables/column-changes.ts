// Creating, changing and deleting the columns of a table. New columns go through OCS API 2's typed routes (the only
// ones the sheet of verified calls names); changes and deletes through REST API 1 (`/columns/{id}`). Every change is
// checked against the table's columns first, so a column of another table is refused before Tables is asked.
import { InvalidInputError, NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { listColumns, toColumn, type TableColumn } from './columns.js';
import { tablesPaths } from './tables-paths.js';

/** Tables' column kinds as `type-subtype` (its capabilities' `column_types`), e.g. text-line, selection-multi. */
export const COLUMN_KINDS = [
  'text-line',
  'text-long',
  'text-rich',
  'text-link',
  'number',
  'number-stars',
  'number-progress',
  'selection',
  'selection-multi',
  'selection-check',
  'datetime',
  'datetime-date',
  'datetime-time',
  'usergroup',
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface ColumnFields {
  title?: string;
  mandatory?: boolean;
  description?: string;
  /** The labels of a selection's options, numbered 1, 2, … in this order. */
  options?: string[];
}

export async function createColumn(
  client: NextcloudClient,
  tableId: number,
  kind: ColumnKind,
  fields: ColumnFields & { title: string },
): Promise<TableColumn> {
  await listColumns(client, tableId);
  const [type, subtype = ''] = kind.split('-');
  const json = {
    baseNodeId: tableId,
    // Without baseNodeType Tables fails with 500.
    baseNodeType: 'table',
    title: fields.title,
    subtype,
    mandatory: fields.mandatory ?? false,
    description: fields.description ?? '',
    ...selectionOptions(kind, fields.options),
  };
  return toColumn(await client.requestJson(tablesPaths.newColumn(type!), { method: 'POST', json }));
}

/** Changes the given fields, keeping the others (the column's current values are sent with them). */
export async function updateColumn(
  client: NextcloudClient,
  tableId: number,
  columnId: number,
  changes: ColumnFields,
): Promise<TableColumn> {
  const column = await columnOf(client, tableId, columnId);
  const kind = (column.subtype ? `${column.type}-${column.subtype}` : column.type) as ColumnKind;
  const json = {
    title: changes.title ?? column.title,
    mandatory: changes.mandatory ?? column.mandatory,
    description: changes.description ?? column.description,
    ...selectionOptions(kind, changes.options, column.selectionOptions),
  };
  return toColumn(await client.requestJson(tablesPaths.column(columnId), { method: 'PUT', json }));
}

/** Deletes the column with its values in every row, and answers it as it was. */
export async function deleteColumn(client: NextcloudClient, tableId: number, columnId: number): Promise<TableColumn> {
  const column = await columnOf(client, tableId, columnId);
  await client.request(tablesPaths.column(columnId), { method: 'DELETE' });
  return column;
}

async function columnOf(client: NextcloudClient, tableId: number, columnId: number): Promise<TableColumn> {
  const column = (await listColumns(client, tableId)).find((candidate) => candidate.id === columnId);
  if (!column) throw new NotFoundError(`Table ${tableId} has no column ${columnId}; see nc_tables_columns.`);
  return column;
}

/**
 * A selection's options as Tables takes them; an option that keeps its label keeps its id (rows hold option ids),
 * new ones are numbered after the highest. unverified: a JSON string of `[{id, label}]` (source: nextcloud/tables
 * lib/Controller/Api1Controller.php updateColumn(), "selectionOptions … (json array{id: int, label: string})").
 */
function selectionOptions(
  kind: ColumnKind,
  labels: string[] | undefined,
  existing: { id: number; label: string }[] = [],
): { selectionOptions?: string } {
  if (labels === undefined) return {};
  if (kind !== 'selection' && kind !== 'selection-multi') {
    throw new InvalidInputError('options are for selection and selection-multi columns.');
  }
  let next = Math.max(0, ...existing.map((option) => option.id));
  const options = labels.map((label) => ({ id: existing.find((o) => o.label === label)?.id ?? (next += 1), label }));
  return { selectionOptions: JSON.stringify(options) };
}
