// URL paths of the Tables app: OCS API 2 for tables, REST API 1 for columns and rows, each segment encoded.
const OCS_BASE = '/ocs/v2.php/apps/tables/api/2';
const REST_BASE = '/index.php/apps/tables/api/1';

export const tablesPaths = {
  tables: () => `${OCS_BASE}/tables`,
  table: (tableId: number) => `${OCS_BASE}/tables/${segment(tableId)}`,
  columns: (tableId: number) => `${REST_BASE}/tables/${segment(tableId)}/columns`,
  rows: (tableId: number) => `${REST_BASE}/tables/${segment(tableId)}/rows`,
  row: (rowId: number) => `${REST_BASE}/rows/${segment(rowId)}`,
} as const;

function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
