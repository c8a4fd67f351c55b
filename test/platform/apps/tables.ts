// The Tables app of the platform double (Tables 1.0): OCS API 2 for tables, columns and new rows, REST API 1 for
// columns, views and for reading and changing rows. A missing or foreign table is 404 with an empty body, except for its
// REST columns (403 "no read access"); a foreign row is 403 to GET and 404 to PUT and DELETE.
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';
import { respondOcs } from '../ocs-envelope.js';
import {
  describeColumn,
  describeTable,
  TIMESTAMP,
  unknownRowMessage,
  type StoredColumn,
  type StoredRow,
  type StoredTable,
} from './tables/tables-json.js';
import { parseOptions, routeColumns } from './tables/tables-column-routes.js';
import { TablesError } from './tables/tables-error.js';
import { newView, pageOf, routeViews } from './tables/tables-views.js';
import { welcomeTable } from './tables/tables-welcome.js';
import { emitRowEvent } from './webhooks/dispatched-events.js';

export interface TablesDoubleColumn {
  title: string;
  /** Tables' column types: text, number, datetime, selection, usergroup. */
  type: string;
  subtype?: string;
  mandatory?: boolean;
  description?: string;
  selectionOptions?: { id: number; label: string }[];
}

export interface TablesDoubleTable {
  title: string;
  /** The user id that owns the table; other users get 404. */
  owner: string;
  emoji?: string;
  description?: string;
  columns: TablesDoubleColumn[];
  /** Rows as values by column title. */
  rows?: Record<string, unknown>[];
  /** Views; a view with `filter` shows the rows whose value in that column is `value` (Tables' is-equal). */
  views?: { title: string; emoji?: string; filter?: { column: string; value: unknown } }[];
}

export interface TablesDouble extends DoubleApp {
  /** The rows of a table as stored, for assertions. */
  rowsOf(tableId: number): StoredRow[];
  tableId(title: string): number;
}

const OCS_PREFIX = '/ocs/v2.php/apps/tables/api/2';
const REST_PREFIX = '/index.php/apps/tables/api/1';
const COLUMN_TYPES =
  'text-line text-long text-rich text-link number number-stars number-progress selection selection-multi selection-check datetime datetime-date datetime-time usergroup'.split(
    ' ',
  );

export function createTablesDouble(seed: { tables?: TablesDoubleTable[] } = {}): TablesDouble {
  const ids = { table: 0, column: 0, row: 0, view: 0 };
  const tables: StoredTable[] = [];
  const welcomed = new Set<string>();
  const addTable = (table: TablesDoubleTable): StoredTable => {
    const id = (ids.table += 1);
    const columns = table.columns.map((column) => ({ ...column, id: (ids.column += 1), tableId: id }));
    const rows = (table.rows ?? []).map((values) => ({
      ...newRow(id, (ids.row += 1), table.owner),
      data: Object.entries(values).map(([title, value]) => ({ columnId: columnByTitle(columns, title).id, value })),
    }));
    const views = (table.views ?? []).map(({ filter, ...seeded }) => {
      const view = newView((ids.view += 1), seeded.title, seeded.emoji ?? null);
      const value = filter?.value as string | number;
      if (filter) view.filter = [[{ columnId: columnByTitle(columns, filter.column).id, operator: 'is-equal', value }]];
      return view;
    });
    const stored = { ...table, id, columns, rows, views };
    tables.push(stored);
    return stored;
  };
  (seed.tables ?? []).forEach(addTable);
  // A user's first Tables call creates a welcome table.
  const welcome = (user: string) => {
    if (welcomed.has(user)) return;
    welcomed.add(user);
    addTable(welcomeTable(user));
  };
  /**
   * The user's table, or 404 with an empty body. unverified: REST GET /tables/{id}, GET rows/simple and POST rows,
   * and OCS PUT and DELETE /tables/{id}, refuse a missing or foreign table like REST GET rows and OCS GET (source:
   * none).
   */
  const tableOf = (id: number, user: string): StoredTable => {
    const table = tables.find((t) => t.id === id);
    if (!table || table.owner !== user) throw new TablesError(404);
    return table;
  };
  /** REST GET /tables/{id}/columns refuses a missing or foreign table with 403, not 404. */
  const readableTable = (id: number, user: string): StoredTable => {
    const table = tables.find((t) => t.id === id);
    if (!table || table.owner !== user) throw new TablesError(403, { message: `no read access to table id = ${id}` });
    return table;
  };
  const findRow = (rowId: number) => {
    const table = tables.find((t) => t.rows.some((row) => row.id === rowId));
    const row = table?.rows.find((r) => r.id === rowId);
    return table && row ? { table, row } : undefined;
  };

  function routeOcs(req: DoubleRequest, route: string, user: string, body: Record<string, unknown>): unknown {
    if (route === '/tables' && req.method === 'GET') return tables.filter((t) => t.owner === user).map(describeTable);
    if (route === '/tables' && req.method === 'POST') {
      const title = typeof body.title === 'string' ? body.title : '';
      return describeTable(addTable({ title, owner: user, emoji: String(body.emoji ?? ''), columns: [] }));
    }
    const table = /^\/tables\/(\d+)(\/rows)?$/.exec(route);
    if (table) {
      // v2 has no row list, update or delete: only POST (405 with an empty body, whatever the table).
      if (table[2] !== undefined && req.method !== 'POST') throw new TablesError(405);
      const found = tableOf(Number(table[1]), user);
      if (table[2] === undefined) return routeTable(req.method, found, body);
      // The created row comes without its creation and edit stamps (null until it is read).
      const row = addRow(found, user, body.data, req);
      return { ...row, createdBy: null, createdAt: null, lastEditBy: null, lastEditAt: null };
    }
    const columns = /^\/columns\/(table|view)\/(\d+)$/.exec(route);
    if (columns?.[1] === 'table' && req.method === 'GET')
      return tableOf(Number(columns[2]), user).columns.map(describeColumn);
    const typed = /^\/columns\/(text|number|selection|datetime|usergroup)$/.exec(route);
    if (typed && req.method === 'POST') {
      // Without baseNodeType Tables fails unexpectedly: OCS's generic 500.
      if (body.baseNodeType !== 'table' && body.baseNodeType !== 'view')
        throw new TablesError(500, { message: 'Internal Server Error\n' });
      const owner = tableOf(Number(body.baseNodeId), user);
      const column = {
        id: (ids.column += 1),
        tableId: owner.id,
        title: String(body.title ?? ''),
        type: typed[1]!,
        subtype: String(body.subtype ?? ''),
        mandatory: body.mandatory === true,
        description: String(body.description ?? ''),
        // unverified: selection options as a JSON string of {id, label} (source: nextcloud/tables Api1Controller).
        selectionOptions: parseOptions(body.selectionOptions) ?? [],
      };
      owner.columns.push(column);
      return describeColumn(column);
    }
    return undefined;
  }

  function routeTable(method: string, table: StoredTable, body: Record<string, unknown>) {
    if (method === 'GET') return describeTable(table);
    if (method === 'PUT') {
      if (typeof body.title === 'string') table.title = body.title;
      if (typeof body.emoji === 'string') table.emoji = body.emoji;
      return describeTable(table);
    }
    if (method !== 'DELETE') throw new TablesError(405);
    tables.splice(tables.indexOf(table), 1);
    return describeTable(table);
  }

  function routeRest(req: DoubleRequest, route: string, user: string, body: Record<string, unknown>): unknown {
    if (route === '/tables' && req.method === 'GET') return tables.filter((t) => t.owner === user).map(describeTable);
    const table = /^\/tables\/(\d+)(?:\/(columns|rows|rows\/simple))?$/.exec(route);
    if (table) {
      const part = `${req.method} ${table[2] ?? ''}`;
      if (part === 'GET columns') return readableTable(Number(table[1]), user).columns.map(describeColumn);
      const found = tableOf(Number(table[1]), user);
      if (part === 'GET ') return describeTable(found);
      if (part === 'GET rows') return pageOf(found.rows, req.url.searchParams);
      if (part === 'GET rows/simple') {
        const titles = found.columns.map((c) => c.title);
        return [
          titles,
          ...found.rows.map((row) => found.columns.map((c) => row.data.find((d) => d.columnId === c.id)?.value ?? '')),
        ];
      }
      if (part === 'POST rows') return addRow(found, user, body.data, req);
      return undefined;
    }
    const row = /^\/rows\/(\d+)$/.exec(route);
    if (!row) {
      const request = { method: req.method, route, user, params: req.url.searchParams, body };
      return routeViews(tables, () => (ids.view += 1), request) ?? routeColumns(tables, request);
    }
    const rowId = Number(row[1]);
    const found = findRow(rowId);
    const foreign = found !== undefined && found.table.owner !== user;
    if (req.method === 'GET') {
      if (!found) throw new TablesError(404, { message: unknownRowMessage(rowId) });
      if (foreign) throw new TablesError(403, { message: `PermissionError: can not read row with id ${rowId}` });
      return found.row;
    }
    if (req.method === 'DELETE') {
      // Deleting a row that is gone fails inside Tables: 500. unverified: its message (source: none).
      if (!found) throw new TablesError(500, { message: 'An unexpected error occurred.' });
      // unverified: the text before "RowService" (source: Tables prefixes its messages with the class name).
      if (foreign) throw new TablesError(404, { message: 'OCA\\Tables\\Service\\RowService - delete: Row not found.' });
      found.table.rows.splice(found.table.rows.indexOf(found.row), 1);
      emitRowEvent(req, 'RowDeleted', found.row, found.row.data);
      return found.row;
    }
    if (req.method !== 'PUT') return undefined;
    // Another user's row is 404 with an empty body. unverified: an unknown row too (source: none).
    if (!found || foreign) throw new TablesError(404);
    const previous = found.row.data.map((cell) => ({ ...cell }));
    // Partial: the other columns keep their values.
    for (const cell of toCells(found.table, body.data)) {
      const existing = found.row.data.find((c) => c.columnId === cell.columnId);
      if (existing) existing.value = cell.value;
      else found.row.data.push(cell);
    }
    emitRowEvent(req, 'RowUpdated', found.row, previous);
    return Object.assign(found.row, { lastEditBy: user, lastEditAt: '2025-01-16 10:00:00' });
  }

  function addRow(table: StoredTable, user: string, data: unknown, req?: DoubleRequest) {
    const row = { ...newRow(table.id, (ids.row += 1), user), data: toCells(table, data) };
    table.rows.push(row);
    if (req) emitRowEvent(req, 'RowAdded', row, null);
    return row;
  }

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    const isOcs = req.path.startsWith(`${OCS_PREFIX}/`);
    if (!isOcs && !req.path.startsWith(`${REST_PREFIX}/`)) return false;
    // OCS calls without a logged-in user never get here: the platform double answers them.
    if (!req.user) {
      sendNotLoggedIn(res);
      return true;
    }
    welcome(req.user.id);
    const body =
      req.method === 'GET' || req.method === 'DELETE'
        ? {}
        : (((await req.json().catch(() => undefined)) ?? {}) as Record<string, unknown>);
    try {
      const answer = isOcs
        ? routeOcs(req, req.path.slice(OCS_PREFIX.length), req.user.id, body)
        : routeRest(req, req.path.slice(REST_PREFIX.length), req.user.id, body);
      if (answer === undefined) return false;
      if (isOcs) respondOcs(req.raw, res, req.url, 2, { status: 200, data: answer });
      else sendJson(res, 200, answer);
    } catch (error) {
      if (!(error instanceof TablesError)) throw error;
      if (error.body === undefined) {
        res.writeHead(error.status);
        res.end();
      } else if (isOcs)
        respondOcs(req.raw, res, req.url, 2, { status: error.status, message: error.body.message, data: error.body });
      else sendJson(res, error.status, error.body);
    }
    return true;
  }

  return {
    id: 'tables',
    capabilities: () => ({
      enabled: true,
      version: '1.0.9',
      apiVersions: ['1.0', '2.0', '2.1'],
      features: ['favorite', 'archive'],
      isCirclesEnabled: false,
      column_types: COLUMN_TYPES,
    }),
    handle,
    rowsOf: (tableId) => tables.find((t) => t.id === tableId)?.rows ?? [],
    tableId: (title) => tables.find((t) => t.title === title)?.id ?? -1,
  };
}

function newRow(tableId: number, id: number, user: string): StoredRow {
  return { id, tableId, createdBy: user, createdAt: TIMESTAMP, lastEditBy: user, lastEditAt: TIMESTAMP, data: [] };
}

function columnByTitle(columns: StoredColumn[], title: string): StoredColumn {
  const column = columns.find((c) => c.title === title);
  if (!column) throw new Error(`tables double: no column ${title}`);
  return column;
}

/** `data` maps column ids to values, as an object or that object as a JSON string; an unknown column is a 500. */
function toCells(table: StoredTable, data: unknown): { columnId: number; value: unknown }[] {
  const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  // unverified: data that is no object nor list fails like an unknown column (source: nextcloud/tables RowService).
  if (!parsed || typeof parsed !== 'object') throw new TablesError(500, { message: 'Invalid row data.' });
  // A list is read by its indexes: data [1,2] fails on "column" 0.
  return Object.entries(parsed).map(([key, value]) => {
    const column = table.columns.find((c) => c.id === Number(key));
    if (!column)
      throw new TablesError(500, { message: `Column with id ${key} is not part of table with id ${table.id}` });
    return { columnId: column.id, value };
  });
}
