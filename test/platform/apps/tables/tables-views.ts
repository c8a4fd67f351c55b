// Views of the tables double (REST API 1): create one on a table, read, change and delete it, and answer its rows as
// its filter and sort say. unverified: all of it (source: nextcloud/tables appinfo/routes.php; lib/Controller/
// Api1Controller.php createView(), getView(), updateView(), deleteView(), indexViewRows(); lib/Model/
// ViewUpdateInput.php; lib/Service/ValueObject/Emoji.php and Title.php; lib/Db/View.php jsonSerialize();
// lib/Middleware/PermissionMiddleware.php; lib/Service/RowService.php findAllByView()).
import { TablesError } from './tables-error.js';
import { TIMESTAMP, type StoredRow, type StoredTable } from './tables-json.js';
import { compareCells, meetsCondition, type ViewCondition } from './tables-view-rows.js';

export interface StoredView {
  id: number;
  title: string;
  emoji: string | null;
  /**
   * Shown column ids in order; Tables reads a view's rows with these columns only (source: RowService.php
   * findAllByView()). unverified: a view without columns shows every column (source: none).
   */
  columns: number[];
  sort: { columnId: number; mode: 'ASC' | 'DESC' }[];
  /** Any group shows a row when all its conditions hold. */
  filter: ViewCondition[][];
}

/**
 * One emoji, as Nextcloud's emoji helper accepts it (source: lib/Service/ValueObject/Emoji.php, IEmojiHelper::
 * isValidSingleEmoji()). unverified: this pattern's reading of "one emoji" (source: none).
 */
const SINGLE_EMOJI =
  /^(\p{Extended_Pictographic}|\p{Regional_Indicator}{2})(\u{FE0F}|\p{Emoji_Modifier}|\u{200D}\p{Extended_Pictographic})*$/u;

type ViewRequest = { method: string; route: string; user: string; params: URLSearchParams; body: unknown };

/**
 * Answers `/tables/{id}/views` (POST), `/views/{id}` and `/views/{id}/rows`; undefined for any other route. A missing
 * table or view, or another user's, is 404 `{"message":""}`: Tables' permission check runs before the controller and
 * answers a node the user cannot see with an empty NotFoundError.
 */
export function routeViews(tables: StoredTable[], nextViewId: () => number, request: ViewRequest): unknown {
  const { method, route, user } = request;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const create = /^\/tables\/(\d+)\/views$/.exec(route);
  if (create && method === 'POST') {
    const table = tables.find((t) => t.id === Number(create[1]) && t.owner === user);
    if (!table) throw new TablesError(404, { message: '' });
    const view = newView(nextViewId(), String(body.title ?? ''), typeof body.emoji === 'string' ? body.emoji : null);
    table.views.push(view);
    return describeView(view, table);
  }
  const match = /^\/views\/(\d+)(\/rows)?$/.exec(route);
  if (!match) return undefined;
  const table = tables.find((t) => t.views.some((v) => v.id === Number(match[1])));
  const view = table?.views.find((v) => v.id === Number(match[1]));
  if (match[2] !== undefined && method !== 'GET') return undefined;
  if (!table || !view || table.owner !== user) throw new TablesError(404, { message: '' });
  if (match[2] !== undefined) return pageOf(shownRows(view, table), request.params);
  if (method === 'GET') return describeView(view, table);
  if (method === 'PUT') return describeView(changeView(view, table, body.data), table);
  if (method !== 'DELETE') return undefined;
  table.views.splice(table.views.indexOf(view), 1);
  return describeView(view, table);
}

export function newView(id: number, title: string, emoji: string | null): StoredView {
  return { id, title, emoji, columns: [], sort: [], filter: [] };
}

/** A view as Tables serializes it (its `columnSettings` left out). */
export function describeView(view: StoredView, table: StoredTable) {
  const { id, title, emoji, columns, sort, filter } = view;
  return {
    ...{ id, tableId: table.id, title, description: '', emoji, ownership: table.owner, createdBy: table.owner },
    ...{ createdAt: TIMESTAMP, lastEditBy: table.owner, lastEditAt: TIMESTAMP, columns, sort, isShared: false },
    ...{ favorite: false, onSharePermissions: null, hasShares: false, ownerDisplayName: table.owner },
    ...{ rowsCount: shownRows(view, table).length, filter },
  };
}

/** Drops a deleted column from every view of its table, as Tables does when a column is deleted. */
export function forgetColumn(table: StoredTable, columnId: number): void {
  for (const view of table.views) {
    view.columns = view.columns.filter((id) => id !== columnId);
    view.sort = view.sort.filter((rule) => rule.columnId !== columnId);
    view.filter = view.filter.map((group) => group.filter((c) => c.columnId !== columnId)).filter((g) => g.length);
  }
}

/** limit/offset as Tables applies them; without a limit, every row from the offset on. */
export function pageOf(rows: StoredRow[], params: URLSearchParams): StoredRow[] {
  const offset = Number(params.get('offset') ?? 0) || 0;
  const limit = params.has('limit') ? Number(params.get('limit')) : undefined;
  return rows.slice(offset, limit === undefined ? undefined : offset + limit);
}

/**
 * `data` holds the fields to change (sort and filter also as JSON strings). Tables leaves a field alone when
 * its value is empty (an empty title, list or filter), and refuses with 400, changing nothing, a shown column the
 * table does not have ("Invalid column ID provided: N"), an emoji that is not one emoji and a title over 200 bytes;
 * it stores a sort or filter by any column id without checking it.
 */
function changeView(view: StoredView, table: StoredTable, raw: unknown): StoredView {
  const data = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // Tables decodes a JSON string for sort and filter, not for columns.
  const read = (key: string): unknown => (typeof data[key] === 'string' ? parseJson(data[key]) : data[key]);
  const columns = data.columns;
  if (Array.isArray(columns) && columns.length > 0) {
    const unknown = columns.find((id) => !table.columns.some((c) => c.id === Number(id)));
    if (unknown !== undefined) throw new TablesError(400, { message: `Invalid column ID provided: ${unknown}` });
  }
  if (typeof data.emoji === 'string' && data.emoji && !SINGLE_EMOJI.test(data.emoji.trim())) {
    throw new TablesError(400, { message: 'Only a single, valid emoji may be passed' });
  }
  if (typeof data.title === 'string' && Buffer.byteLength(data.title.trim()) > 200) {
    throw new TablesError(400, { message: 'Title exceed maximum length of 200 bytes' });
  }
  if (typeof data.title === 'string' && data.title) view.title = data.title;
  if (typeof data.emoji === 'string' && data.emoji) view.emoji = data.emoji;
  if (Array.isArray(columns) && columns.length > 0) view.columns = columns.map(Number);
  const sort = read('sort');
  if (Array.isArray(sort) && sort.length > 0) {
    view.sort = sort.map((rule: { columnId?: unknown; mode?: unknown }) => ({
      columnId: Number(rule.columnId),
      mode: rule.mode === 'DESC' ? 'DESC' : 'ASC',
    }));
  }
  const filter = read('filter');
  if (Array.isArray(filter) && filter.length > 0) {
    view.filter = filter.map((group: unknown) =>
      (Array.isArray(group) ? group : []).map((condition: Record<string, unknown>) => ({
        columnId: Number(condition.columnId),
        operator: String(condition.operator),
        value: (condition.value ?? '') as string | number,
      })),
    );
  }
  return view;
}

/** The rows a view shows: those its filter lets through, in its sort order (then by id), with its columns. */
export function shownRows(view: StoredView, table: StoredTable): StoredRow[] {
  const cell = (row: StoredRow, columnId: number) => row.data.find((c) => c.columnId === columnId)?.value;
  const shown = table.rows.filter(
    (row) =>
      view.filter.length === 0 ||
      view.filter.some((group) => group.every((c) => meetsCondition(cell(row, c.columnId), c))),
  );
  const sorted = [...shown].sort((a, b) => {
    for (const rule of view.sort) {
      const order = compareCells(cell(a, rule.columnId), cell(b, rule.columnId));
      if (order !== 0) return rule.mode === 'DESC' ? -order : order;
    }
    return a.id - b.id;
  });
  if (view.columns.length === 0) return sorted;
  return sorted.map((row) => ({ ...row, data: row.data.filter((c) => view.columns.includes(c.columnId)) }));
}

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}
