// REST API 1 routes of the tables double for one column (`/columns/{id}`: read, change, delete). unverified: all of
// it, refusals included (source: nextcloud/tables appinfo/routes.php and lib/Controller/Api1Controller.php
// getColumn(), updateColumn(), deleteColumn(); lib/Service/ViewService.php deleteColumnDataFromViews()).
import { describeColumn, type StoredColumn, type StoredTable } from './tables-json.js';
import { TablesError } from './tables-error.js';
import { forgetColumn } from './tables-views.js';

/** Answers `/columns/{id}`; undefined for any other route. */
export function routeColumns(
  tables: StoredTable[],
  request: { method: string; route: string; user: string; body: Record<string, unknown> },
): unknown {
  const { method, route, user, body } = request;
  const match = /^\/columns\/(\d+)$/.exec(route);
  if (!match) return undefined;
  const table = tables.find((t) => t.columns.some((c) => c.id === Number(match[1])));
  if (!table) throw new TablesError(404, { message: 'Column not found' });
  if (table.owner !== user) throw new TablesError(403, { message: 'PermissionError: can not read column' });
  const column = table.columns.find((c) => c.id === Number(match[1]))!;
  if (method === 'GET') return describeColumn(column);
  if (method === 'PUT') return describeColumn(changeColumn(column, body));
  if (method !== 'DELETE') return undefined;
  table.columns.splice(table.columns.indexOf(column), 1);
  for (const row of table.rows) row.data = row.data.filter((cell) => cell.columnId !== column.id);
  // A deleted column also leaves the views of its table: their columns, sort and filter.
  forgetColumn(table, column.id);
  return describeColumn(column);
}

/** Selection options as Tables takes them: a JSON string (or the list itself) of `{id, label}`. */
export function parseOptions(value: unknown): { id: number; label: string }[] | undefined {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return undefined;
  return parsed.map((option: { id?: unknown; label?: unknown }) => ({
    id: Number(option.id),
    label: String(option.label ?? ''),
  }));
}

/** A change keeps what the body leaves out (null or absent). */
function changeColumn(column: StoredColumn, body: Record<string, unknown>): StoredColumn {
  if (typeof body.title === 'string') column.title = body.title;
  if (typeof body.mandatory === 'boolean') column.mandatory = body.mandatory;
  if (typeof body.description === 'string') column.description = body.description;
  const options = parseOptions(body.selectionOptions);
  if (options) column.selectionOptions = options;
  return column;
}
