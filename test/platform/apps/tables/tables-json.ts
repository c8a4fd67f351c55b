// The JSON of the tables double that needs no state: how tables, columns and rows are stored, how Tables describes
// tables and columns, and the database text it answers an unknown row id with.
import type { TablesDoubleColumn, TablesDoubleTable } from '../tables.js';
import { describeView, type StoredView } from './tables-views.js';

export const TIMESTAMP = '2025-01-15 09:30:00';

export interface StoredColumn extends TablesDoubleColumn {
  id: number;
  tableId: number;
}

export interface StoredRow {
  id: number;
  tableId: number;
  createdBy: string;
  createdAt: string;
  lastEditBy: string;
  lastEditAt: string;
  data: { columnId: number; value: unknown }[];
}

export interface StoredTable extends Omit<TablesDoubleTable, 'columns' | 'rows' | 'views'> {
  id: number;
  columns: StoredColumn[];
  rows: StoredRow[];
  views: StoredView[];
}

export function describeTable(table: StoredTable) {
  const { id, title, owner } = table;
  return {
    ...{ id, title, emoji: table.emoji ?? null, ownership: owner, ownerDisplayName: owner, createdBy: owner },
    ...{ createdAt: TIMESTAMP, lastEditBy: owner, lastEditAt: TIMESTAMP, archived: false, favorite: false },
    ...{ isShared: false, hasShares: false, rowsCount: table.rows.length, columnsCount: table.columns.length },
    ...{ views: table.views.map((view) => describeView(view, table)) },
    description: table.description ?? '',
  };
}

/**
 * What Tables answers for an unknown row id. unverified: all but "Did expect one result" (source: Nextcloud's
 * QBMapper::findEntity(), DoesNotExistException, which Tables passes on).
 */
export function unknownRowMessage(rowId: number): string {
  return `Did expect one result but found none when executing: query "SELECT * FROM \`*PREFIX*tables_row_sleeves\` WHERE \`id\` = :dcValue1"; parameters array ('dcValue1' => ${rowId})`;
}

export function describeColumn(column: StoredColumn) {
  const { id, tableId, title, type } = column;
  return {
    ...{ id, tableId, title, type, subtype: column.subtype ?? '', mandatory: column.mandatory ?? false },
    ...{ description: column.description ?? '', selectionOptions: column.selectionOptions ?? [], orderWeight: 0 },
  };
}
