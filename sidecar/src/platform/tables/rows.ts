// Rows of a table (REST API 1): a page by limit/offset, create, update and delete, with Tables' refusals explained.
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { tablesPaths } from './tables-paths.js';

export interface TableRow {
  id: number;
  tableId: number;
  createdBy: string;
  createdAt: string;
  lastEditBy: string;
  lastEditAt: string;
  cells: { columnId: number; value: unknown }[];
}

export interface RowPage {
  rows: TableRow[];
  hasMore: boolean;
}

/** A value by column id, as Tables stores it (text, number, option id, list of option ids, …). */
export type RowValues = Record<number, unknown>;

/** One page of rows; asks for one row more than `limit` to know whether another page follows. */
export async function listRows(
  client: NextcloudClient,
  tableId: number,
  page: { limit: number; offset: number },
): Promise<RowPage> {
  const response = await client.request(tablesPaths.rows(tableId), {
    query: { limit: String(page.limit + 1), offset: String(page.offset) },
    accept: [403, 404],
  });
  const data = readAnswer(response, `There is no table with id ${tableId}.`);
  const rows = (Array.isArray(data) ? data : []).map(toRow);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export async function createRow(client: NextcloudClient, tableId: number, values: RowValues): Promise<TableRow> {
  const response = await client.request(tablesPaths.rows(tableId), {
    method: 'POST',
    json: { data: values },
    accept: [400, 403, 404],
  });
  return toRow(readAnswer(response, `There is no table with id ${tableId}.`));
}

export async function updateRow(client: NextcloudClient, rowId: number, values: RowValues): Promise<TableRow> {
  const response = await client.request(tablesPaths.row(rowId), {
    method: 'PUT',
    json: { data: values },
    accept: [400, 403, 404],
  });
  return toRow(readAnswer(response, `There is no row with id ${rowId}.`));
}

export async function deleteRow(client: NextcloudClient, rowId: number): Promise<TableRow> {
  const response = await client.request(tablesPaths.row(rowId), { method: 'DELETE', accept: [403, 404] });
  return toRow(readAnswer(response, `There is no row with id ${rowId}.`));
}

/** The JSON body of a success; Tables' `{message}` refusals become the sidecar's errors. */
function readAnswer(response: HttpResponse, notFoundMessage: string): unknown {
  if (response.status === 404) throw new NotFoundError(notFoundMessage);
  if (response.status === 403) throw new ForbiddenError('Tables does not allow this for this account.');
  if (response.status === 400) throw new InvalidInputError(`Tables refused the values: ${messageOf(response)}`);
  return response.json();
}

function messageOf(response: HttpResponse): string {
  const body = (() => {
    try {
      return response.json() as { message?: unknown };
    } catch {
      return undefined;
    }
  })();
  const message = typeof body?.message === 'string' ? body.message : 'no reason given';
  return message.replace(/[^\x20-\x7e]/g, ' ').slice(0, 200);
}

function toRow(raw: unknown): TableRow {
  const row = (raw ?? {}) as Record<string, unknown>;
  const cells = Array.isArray(row.data) ? (row.data as { columnId?: unknown; value?: unknown }[]) : [];
  return {
    id: Number(row.id),
    tableId: Number(row.tableId),
    createdBy: String(row.createdBy ?? ''),
    createdAt: String(row.createdAt ?? ''),
    lastEditBy: String(row.lastEditBy ?? ''),
    lastEditAt: String(row.lastEditAt ?? ''),
    cells: cells.map((cell) => ({ columnId: Number(cell.columnId), value: cell.value ?? null })),
  };
}
