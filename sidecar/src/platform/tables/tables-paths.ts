// URL paths of the Tables app: OCS API 2 for tables and new columns, REST API 1 for reading, changing and deleting
// columns, for rows and for views, each segment encoded.
import { pathSegment } from '../urls.js';

const OCS_BASE = '/ocs/v2.php/apps/tables/api/2';
const REST_BASE = '/index.php/apps/tables/api/1';

export const tablesPaths = {
  tables: () => `${OCS_BASE}/tables`,
  table: (tableId: number) => `${OCS_BASE}/tables/${pathSegment(tableId)}`,
  columns: (tableId: number) => `${REST_BASE}/tables/${pathSegment(tableId)}/columns`,
  /** Where a column of `type` (text, number, selection, datetime, usergroup) is created. */
  newColumn: (type: string) => `${OCS_BASE}/columns/${pathSegment(type)}`,
  column: (columnId: number) => `${REST_BASE}/columns/${pathSegment(columnId)}`,
  rows: (tableId: number) => `${REST_BASE}/tables/${pathSegment(tableId)}/rows`,
  row: (rowId: number) => `${REST_BASE}/rows/${pathSegment(rowId)}`,
  viewRows: (viewId: number) => `${REST_BASE}/views/${pathSegment(viewId)}/rows`,
  /** Where a table's views are created. */
  tableViews: (tableId: number) => `${REST_BASE}/tables/${pathSegment(tableId)}/views`,
  view: (viewId: number) => `${REST_BASE}/views/${pathSegment(viewId)}`,
} as const;
