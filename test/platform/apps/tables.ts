// The Tables app of the platform double: OCS API 2 for tables, REST API 1 for columns and rows, as Tables 0.8 answers.
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';
import { respondOcs } from '../ocs-envelope.js';

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
  /** The user id that owns the table; other users get 403. */
  owner: string;
  emoji?: string;
  description?: string;
  columns: TablesDoubleColumn[];
  /** Rows as values by column title. */
  rows?: Record<string, unknown>[];
}

interface StoredColumn extends TablesDoubleColumn {
  id: number;
  tableId: number;
}

interface StoredRow {
  id: number;
  tableId: number;
  createdBy: string;
  createdAt: string;
  lastEditBy: string;
  lastEditAt: string;
  data: { columnId: number; value: unknown }[];
}

interface StoredTable extends Omit<TablesDoubleTable, 'columns' | 'rows'> {
  id: number;
  columns: StoredColumn[];
  rows: StoredRow[];
}

export interface TablesDouble extends DoubleApp {
  /** The rows of a table as stored, for assertions. */
  rowsOf(tableId: number): StoredRow[];
  tableId(title: string): number;
}

const OCS_PREFIX = '/ocs/v2.php/apps/tables/api/2';
const REST_PREFIX = '/index.php/apps/tables/api/1';
const TIMESTAMP = '2025-01-15 09:30:00';

export function createTablesDouble(seed: { tables?: TablesDoubleTable[] } = {}): TablesDouble {
  const ids = { table: 0, column: 0, row: 0 };
  const tables: StoredTable[] = (seed.tables ?? []).map((table) => {
    const id = (ids.table += 1);
    const columns = table.columns.map((column) => ({ ...column, id: (ids.column += 1), tableId: id }));
    const rows = (table.rows ?? []).map((values) => ({
      ...newRow(id, (ids.row += 1), table.owner),
      data: Object.entries(values).map(([title, value]) => ({ columnId: columnByTitle(columns, title).id, value })),
    }));
    return { ...table, id, columns, rows };
  });

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    if (req.path.startsWith(`${OCS_PREFIX}/`)) return handleOcs(req, res);
    if (req.path.startsWith(`${REST_PREFIX}/`)) return handleRest(req, res);
    return false;
  }

  function handleOcs(req: DoubleRequest, res: ServerResponse): boolean {
    const route = req.path.slice(OCS_PREFIX.length);
    const ocs = (status: number, data: unknown) => respondOcs(req.raw, res, req.url, 2, { status, data });
    if (!req.user) {
      respondOcs(req.raw, res, req.url, 2, { status: 401, statuscode: 997, message: 'Current user is not logged in' });
      return true;
    }
    const user = req.user.id;
    if (route === '/tables' && req.method === 'GET') {
      ocs(200, tables.filter((table) => table.owner === user).map(describeTable));
      return true;
    }
    const match = /^\/tables\/(\d+)$/.exec(route);
    if (match && req.method === 'GET') {
      const found = findTable(Number(match[1]), user);
      if ('status' in found) ocs(found.status, { message: found.message });
      else ocs(200, describeTable(found));
      return true;
    }
    return false;
  }

  async function handleRest(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    const route = req.path.slice(REST_PREFIX.length);
    const tableRoute = /^\/tables\/(\d+)\/(columns|rows)$/.exec(route);
    const rowRoute = /^\/rows\/(\d+)$/.exec(route);
    if (!tableRoute && !rowRoute) return false;
    if (!req.user) {
      sendNotLoggedIn(res);
      return true;
    }
    const user = req.user.id;
    if (tableRoute) {
      const table = findTable(Number(tableRoute[1]), user);
      if ('status' in table) return sendError(res, table.status, table.message);
      if (tableRoute[2] === 'columns' && req.method === 'GET') {
        sendJson(res, 200, table.columns.map(describeColumn));
      } else if (tableRoute[2] === 'rows' && req.method === 'GET') {
        sendJson(res, 200, pageOf(table.rows, req.url.searchParams));
      } else if (tableRoute[2] === 'rows' && req.method === 'POST') {
        const data = await readRowData(req);
        const cells = data && toCells(table, data);
        if (!cells || 'message' in cells) return sendError(res, 400, cells?.message ?? 'Could not create row.');
        const row = { ...newRow(table.id, (ids.row += 1), user), data: cells };
        table.rows.push(row);
        sendJson(res, 200, row);
      } else return false;
      return true;
    }
    return handleRow(req, res, Number(rowRoute?.[1]), user);
  }

  async function handleRow(req: DoubleRequest, res: ServerResponse, rowId: number, user: string): Promise<boolean> {
    const table = tables.find((t) => t.rows.some((row) => row.id === rowId));
    const row = table?.rows.find((r) => r.id === rowId);
    if (!table || !row) return sendError(res, 404, `Row with id ${rowId} does not exist`);
    if (table.owner !== user) return sendError(res, 403, 'User does not have permission to access this row');
    if (req.method === 'GET') sendJson(res, 200, row);
    else if (req.method === 'PUT') {
      const data = await readRowData(req);
      const cells = data && toCells(table, data);
      if (!cells || 'message' in cells) return sendError(res, 400, cells?.message ?? 'Could not update row.');
      for (const cell of cells) {
        const existing = row.data.find((c) => c.columnId === cell.columnId);
        if (existing) existing.value = cell.value;
        else row.data.push(cell);
      }
      Object.assign(row, { lastEditBy: user, lastEditAt: '2025-01-16 10:00:00' });
      sendJson(res, 200, row);
    } else if (req.method === 'DELETE') {
      table.rows.splice(table.rows.indexOf(row), 1);
      sendJson(res, 200, row);
    } else return false;
    return true;
  }

  function findTable(id: number, user: string): StoredTable | { status: number; message: string } {
    const table = tables.find((t) => t.id === id);
    if (!table) return { status: 404, message: `Table with id ${id} does not exist` };
    if (table.owner !== user) return { status: 403, message: 'User does not have permission to access this table' };
    return table;
  }

  return {
    id: 'tables',
    capabilities: () => ({ enabled: true, version: '0.8.0', apiVersions: ['1.0', '2.0'] }),
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

/** limit/offset as Tables applies them; without a limit, every row from the offset on. */
function pageOf(rows: StoredRow[], params: URLSearchParams): StoredRow[] {
  const offset = Number(params.get('offset') ?? 0) || 0;
  const limit = params.has('limit') ? Number(params.get('limit')) : undefined;
  return rows.slice(offset, limit === undefined ? undefined : offset + limit);
}

/** `data` is an object of column id → value, or that object as a JSON string (both are accepted by Tables). */
async function readRowData(req: DoubleRequest): Promise<Record<string, unknown> | undefined> {
  const body = (await req.json().catch(() => undefined)) as { data?: unknown } | undefined;
  const data = typeof body?.data === 'string' ? (JSON.parse(body.data) as unknown) : body?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

function toCells(table: StoredTable, data: Record<string, unknown>) {
  const cells: { columnId: number; value: unknown }[] = [];
  for (const [key, value] of Object.entries(data)) {
    const column = table.columns.find((c) => c.id === Number(key));
    if (!column) return { message: `Column with id ${key} is not part of table with id ${table.id}` };
    if (column.type === 'number' && typeof value !== 'number' && value !== null) {
      return { message: `Column ${column.title} expects a number` };
    }
    cells.push({ columnId: column.id, value });
  }
  return cells;
}

function describeTable(table: StoredTable) {
  return {
    id: table.id,
    title: table.title,
    emoji: table.emoji ?? null,
    ownership: table.owner,
    ownerDisplayName: table.owner,
    createdBy: table.owner,
    createdAt: TIMESTAMP,
    lastEditBy: table.owner,
    lastEditAt: TIMESTAMP,
    archived: false,
    favorite: false,
    isShared: false,
    onSharePermissions: null,
    hasShares: false,
    rowsCount: table.rows.length,
    columnsCount: table.columns.length,
    views: [],
    description: table.description ?? '',
  };
}

function describeColumn(column: StoredColumn) {
  return {
    id: column.id,
    tableId: column.tableId,
    title: column.title,
    createdBy: 'admin',
    createdAt: TIMESTAMP,
    lastEditBy: 'admin',
    lastEditAt: TIMESTAMP,
    type: column.type,
    subtype: column.subtype ?? '',
    mandatory: column.mandatory ?? false,
    description: column.description ?? '',
    orderWeight: 0,
    numberDefault: null,
    numberMin: null,
    numberMax: null,
    numberDecimals: null,
    numberPrefix: '',
    numberSuffix: '',
    textDefault: '',
    textAllowedPattern: '',
    textMaxLength: null,
    selectionOptions: column.selectionOptions ?? [],
    selectionDefault: '',
    datetimeDefault: '',
  };
}

function sendError(res: ServerResponse, status: number, message: string): true {
  sendJson(res, status, { message });
  return true;
}
