// Rows of a table (REST API 1): a page by limit/offset, read, create, update and delete, with Tables' refusals
// explained (a missing or foreign table is 404; another user's row is 403 to GET and 404 to PUT and DELETE; an
// unknown column or a deleted row is 500).
import { InvalidInputError, NotFoundError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import { describeFailure, type NextcloudClient } from '../nextcloud-client.js';
import { listColumns, type TableColumn } from './columns.js';
import { tablesPaths } from './tables-paths.js';

export interface TableRow {
  id: number;
  tableId: number;
  cells: { columnId: number; value: unknown }[];
}

export interface RowPage {
  rows: TableRow[];
  hasMore: boolean;
}

/** A value by column id, as Tables stores it (text, number, option id, list of option ids, …). */
export type RowValues = Record<number, unknown>;

/** Where rows are read from: all rows of a table, or the rows a view of a table shows (its filter and sort). */
export type RowSource = { table: number } | { view: number };

/** One page of rows; asks for one row more than `limit` to know whether another page follows. */
export async function listRows(
  client: NextcloudClient,
  source: RowSource,
  page: { limit: number; offset: number },
): Promise<RowPage> {
  // unverified: a view's rows at GET /views/{viewId}/rows?limit&offset, a view the user cannot see refused with 404
  // (source: nextcloud/tables lib/Controller/Api1Controller.php indexViewRows() and its permission check).
  const path = 'table' in source ? tablesPaths.rows(source.table) : tablesPaths.viewRows(source.view);
  const response = await client.request(path, {
    query: { limit: String(page.limit + 1), offset: String(page.offset) },
    accept: [403, 404],
  });
  const what = 'table' in source ? `table ${source.table}` : `view ${source.view}`;
  if (response.status === 403) throw new NotFoundError(`There is no ${what} that this account can see.`);
  const data = readAnswer(response, `There is no ${what} that this account can see.`);
  const rows = (Array.isArray(data) ? data : []).map(toRow);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export async function createRow(client: NextcloudClient, tableId: number, values: RowValues): Promise<TableRow> {
  const response = await client.request(tablesPaths.rows(tableId), {
    method: 'POST',
    json: { data: values },
    accept: [400, 403, 404],
  });
  return toRow(readAnswer(response, `There is no table ${tableId} that this account can see.`));
}

/**
 * Sets the given values and keeps the others. Tables fails with 500 on a column the row's table does not have, so a
 * 500 is explained by reading the row's table's columns.
 */
export async function updateRow(client: NextcloudClient, rowId: number, values: RowValues): Promise<TableRow> {
  const response = await client.request(tablesPaths.row(rowId), {
    method: 'PUT',
    json: { data: values },
    accept: [400, 403, 404, 500],
  });
  if (response.status === 500) {
    const row = await getRow(client, rowId);
    assertColumnsExist(row.tableId, await listColumns(client, row.tableId), values);
    throw describeFailure(response);
  }
  return toRow(readAnswer(response, `There is no row ${rowId}.`));
}

/** Deletes the row and answers it as it was. Tables answers a row that is gone with 500; a read tells why. */
export async function deleteRow(client: NextcloudClient, rowId: number): Promise<TableRow> {
  const response = await client.request(tablesPaths.row(rowId), { method: 'DELETE', accept: [403, 404, 500] });
  if (response.status === 500) {
    await getRow(client, rowId);
    throw describeFailure(response);
  }
  return toRow(readAnswer(response, `There is no row ${rowId}.`));
}

export async function getRow(client: NextcloudClient, rowId: number): Promise<TableRow> {
  const response = await client.request(tablesPaths.row(rowId), { accept: [403, 404] });
  return toRow(readAnswer(response, `There is no row ${rowId}.`));
}

/** InvalidInputError naming the columns of `values` the table does not have (Tables would fail with 500). */
export function assertColumnsExist(tableId: number, columns: TableColumn[], values: RowValues): void {
  const known = new Set(columns.map((column) => column.id));
  const unknown = Object.keys(values).filter((id) => !known.has(Number(id)));
  if (unknown.length > 0) {
    throw new InvalidInputError(`Table ${tableId} has no column ${unknown.join(', ')}; see nc_tables_columns.`);
  }
}

/** The JSON body of a success; Tables' refusals become the sidecar's errors. */
function readAnswer(response: HttpResponse, notFoundMessage: string): unknown {
  if (response.status === 404) throw new NotFoundError(notFoundMessage);
  if (response.status >= 400) throw describeFailure(response);
  return response.json();
}

function toRow(raw: unknown): TableRow {
  const row = (raw ?? {}) as Record<string, unknown>;
  const cells = Array.isArray(row.data) ? (row.data as { columnId?: unknown; value?: unknown }[]) : [];
  return {
    id: Number(row.id),
    tableId: Number(row.tableId),
    cells: cells.map((cell) => ({ columnId: Number(cell.columnId), value: cell.value ?? null })),
  };
}
