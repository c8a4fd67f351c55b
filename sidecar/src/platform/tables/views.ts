// Creating, changing and deleting a view of a table (REST API 1): its title and emoji, the columns it shows, its sort
// and its filter. Every column a view names is checked against its table's columns first, since Tables stores a
// filter or sort on a column the table does not have without complaint.
// unverified: all of this module's routes, bodies and answers (source: nextcloud/tables appinfo/routes.php,
// lib/Controller/Api1Controller.php createView(), updateView(), deleteView(), lib/Model/ViewUpdateInput.php,
// lib/Db/View.php jsonSerialize(), lib/Middleware/PermissionMiddleware.php, lib/Service/RowService.php
// findAllByView()).
import { InvalidInputError, NotFoundError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import { describeFailure, type NextcloudClient } from '../nextcloud-client.js';
import { listColumns } from './columns.js';
import { tablesPaths } from './tables-paths.js';

/** The comparisons a view's filter offers in Tables (its `operator`); is-empty takes no value. */
export const VIEW_OPERATORS = [
  'is-equal',
  'is-not-equal',
  'contains',
  'does-not-contain',
  'begins-with',
  'ends-with',
  'is-greater-than',
  'is-greater-than-or-equal',
  'is-lower-than',
  'is-lower-than-or-equal',
  'is-empty',
] as const;
export type ViewOperator = (typeof VIEW_OPERATORS)[number];

export interface ViewCondition {
  columnId: number;
  operator: ViewOperator;
  value?: string | number;
}

export interface ViewFields {
  title?: string;
  emoji?: string;
  /** The column ids the view shows, in this order. */
  columns?: number[];
  /** Sort rules, the first one first. */
  sort?: { columnId: number; descending: boolean }[];
  /** Conditions a row must all meet to be shown. */
  filter?: ViewCondition[];
}

export interface TableView {
  id: number;
  tableId: number;
  title: string;
  emoji: string | null;
  columns: number[];
  sort: { columnId: number; descending: boolean }[];
  /** Tables' filter: any of the groups, a group's conditions all. */
  filter: ViewCondition[][];
}

/**
 * Creates the view (title), then sets its emoji, columns, sort and filter. Without `columns` it shows every column
 * of the table: Tables reads a view's rows with the view's columns only, so a view without any could show rows
 * without values.
 */
export async function createView(
  client: NextcloudClient,
  tableId: number,
  fields: ViewFields & { title: string },
): Promise<TableView> {
  const tableColumns = await assertColumnsOfTable(client, tableId, fields);
  // Tables takes only title and emoji when creating a view, the rest is a change. The emoji goes with the change:
  // only a change checks that it is one emoji, so a create takes what an update takes.
  const json = { title: fields.title };
  const response = await client.request(tablesPaths.tableViews(tableId), { method: 'POST', json, accept: [403, 404] });
  const view = toView(readAnswer(response, `There is no table ${tableId} that this account can manage.`));
  const { title: _title, ...settings } = fields;
  settings.columns ??= tableColumns.length > 0 ? tableColumns : undefined;
  if (Object.values(settings).every((value) => value === undefined)) return view;
  try {
    return await putView(client, view.id, settings);
  } catch (error) {
    // A refused setting leaves no half-made view behind; the refusal is what the caller learns about.
    await client.request(tablesPaths.view(view.id), { method: 'DELETE', accept: [403, 404] }).catch(() => undefined);
    throw error;
  }
}

/** Changes the given fields and keeps the others. */
export async function updateView(client: NextcloudClient, viewId: number, changes: ViewFields): Promise<TableView> {
  const view = await getView(client, viewId);
  await assertColumnsOfTable(client, view.tableId, changes);
  return putView(client, viewId, changes);
}

/** Deletes the view (not its rows, which stay in the table) and answers it as it was. */
export async function deleteView(client: NextcloudClient, viewId: number): Promise<TableView> {
  const response = await client.request(tablesPaths.view(viewId), { method: 'DELETE', accept: [403, 404] });
  return toView(readAnswer(response, `There is no view ${viewId} that this account can manage.`));
}

export async function getView(client: NextcloudClient, viewId: number): Promise<TableView> {
  const response = await client.request(tablesPaths.view(viewId), { accept: [403, 404] });
  return toView(readAnswer(response, `There is no view ${viewId} that this account can manage.`));
}

/**
 * Tables takes `data` as the fields to change: `columns` a list of ids, `sort` `[{columnId, mode: ASC|DESC}]`,
 * `filter` a list of groups of `{columnId, operator, value}` (a row is shown when it meets every condition of any
 * group). It ignores an empty title, emoji, sort or filter, so empty ones are refused before they are sent; it
 * refuses with 400 an emoji that is not one emoji and a title over 200 bytes (source: lib/Service/ValueObject/
 * Emoji.php, Title.php), passed on as Tables words it.
 */
async function putView(client: NextcloudClient, viewId: number, changes: ViewFields): Promise<TableView> {
  const data: Record<string, unknown> = {};
  if (changes.title !== undefined) data.title = changes.title;
  if (changes.emoji !== undefined) data.emoji = changes.emoji;
  if (changes.columns !== undefined) data.columns = changes.columns;
  if (changes.sort !== undefined) {
    data.sort = changes.sort.map((rule) => ({ columnId: rule.columnId, mode: rule.descending ? 'DESC' : 'ASC' }));
  }
  if (changes.filter !== undefined) {
    data.filter = [changes.filter.map((c) => ({ columnId: c.columnId, operator: c.operator, value: c.value ?? '' }))];
  }
  const response = await client.request(tablesPaths.view(viewId), {
    method: 'PUT',
    json: { data },
    accept: [400, 403, 404],
  });
  return toView(readAnswer(response, `There is no view ${viewId} that this account can manage.`));
}

/**
 * The ids of the table's columns; InvalidInputError for an empty list or a column the table does not have,
 * NotFoundError for no such table.
 */
async function assertColumnsOfTable(client: NextcloudClient, tableId: number, fields: ViewFields): Promise<number[]> {
  const named = [
    ...(fields.columns ?? []),
    ...(fields.sort ?? []).map((rule) => rule.columnId),
    ...(fields.filter ?? []).map((condition) => condition.columnId),
  ];
  for (const [name, list] of Object.entries({ columns: fields.columns, sort: fields.sort, filter: fields.filter })) {
    if (list?.length === 0) throw new InvalidInputError(`${name} needs at least one entry.`);
  }
  for (const condition of fields.filter ?? []) {
    if ((condition.operator === 'is-empty') !== (condition.value === undefined)) {
      throw new InvalidInputError('A filter condition takes a value, except with is-empty.');
    }
  }
  const known = (await listColumns(client, tableId)).map((column) => column.id);
  const unknown = [...new Set(named.filter((id) => !known.includes(id)))];
  if (unknown.length > 0) {
    throw new InvalidInputError(`Table ${tableId} has no column ${unknown.join(', ')}; see nc_tables_columns.`);
  }
  return known;
}

/**
 * The JSON body of a success. Tables answers a missing view or table, and one the account cannot see, with 404
 * (`{"message":""}`), one it can see but not manage with 403; either is "not found" here.
 */
function readAnswer(response: HttpResponse, notFoundMessage: string): unknown {
  if (response.status === 404 || response.status === 403) throw new NotFoundError(notFoundMessage);
  if (response.status >= 400) throw describeFailure(response);
  return response.json();
}

function toView(raw: unknown): TableView {
  const view = (raw ?? {}) as Record<string, unknown>;
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  return {
    id: Number(view.id),
    tableId: Number(view.tableId),
    title: String(view.title ?? ''),
    emoji: typeof view.emoji === 'string' && view.emoji ? view.emoji : null,
    columns: list(view.columns).map(Number),
    sort: list(view.sort).map((rule) => {
      const { columnId, mode } = (rule ?? {}) as { columnId?: unknown; mode?: unknown };
      return { columnId: Number(columnId), descending: mode === 'DESC' };
    }),
    filter: list(view.filter).map((group) =>
      list(group).map((condition) => {
        const { columnId, operator, value } = (condition ?? {}) as Record<string, unknown>;
        const plain = typeof value === 'string' || typeof value === 'number' ? value : undefined;
        return { columnId: Number(columnId), operator: String(operator) as ViewOperator, value: plain };
      }),
    ),
  };
}
