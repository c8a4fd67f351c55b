// URL paths of the Tables app: OCS API 2 for tables, REST API 1 for columns and rows, each segment encoded.
import { pathSegment } from '../urls.js';

const OCS_BASE = '/ocs/v2.php/apps/tables/api/2';
const REST_BASE = '/index.php/apps/tables/api/1';

export const tablesPaths = {
  tables: () => `${OCS_BASE}/tables`,
  table: (tableId: number) => `${OCS_BASE}/tables/${pathSegment(tableId)}`,
  columns: (tableId: number) => `${REST_BASE}/tables/${pathSegment(tableId)}/columns`,
  rows: (tableId: number) => `${REST_BASE}/tables/${pathSegment(tableId)}/rows`,
  row: (rowId: number) => `${REST_BASE}/rows/${pathSegment(rowId)}`,
} as const;
