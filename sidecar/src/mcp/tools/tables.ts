// Tools of the tables app: list tables and their columns, page through rows, and create, update or delete rows.
import { z } from 'zod';
import { listColumns, type TableColumn } from '../../platform/tables/columns.js';
import { decodeRowCursor, encodeRowCursor } from '../../platform/tables/row-cursor.js';
import {
  assertColumnsExist,
  createRow,
  deleteRow,
  listRows,
  updateRow,
  type TableRow,
} from '../../platform/tables/rows.js';
import { listTables } from '../../platform/tables/tables.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { ADDITIVE, DESTRUCTIVE_IDEMPOTENT, READ_ONLY, positiveId } from './tool-shapes.js';

const cellValue = z
  .unknown()
  .refine(isCellValue, 'a text, number, boolean, null or list of texts or numbers, at most 20000 characters long');
const valuesInput = z
  .array(z.object({ column_id: positiveId(2_147_483_647), value: cellValue }))
  .refine((values) => values.length >= 1 && values.length <= 100, 'from 1 to 100 values')
  .describe('Selection columns take option ids.');

const rowOutput = z.object({
  id: z.number(),
  table_id: z.number(),
  values: z.array(z.object({ column_id: z.number(), column: z.string().nullable(), value: z.unknown() })),
});

const rowChangeOutput = z.object({ id: z.number(), table_id: z.number() });

export const listTablesTool = defineTool({
  name: 'nc_tables_list',
  app: 'tables',
  title: 'List tables',
  description: 'Lists the tables of the Tables app the user can see.',
  input: z.object({}),
  output: z.object({
    tables: z.array(z.object({ id: z.number(), title: z.string(), description: z.string(), rows: z.number() })),
  }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const tables = await listTables(nextcloud);
    return { tables: tables.map((t) => ({ id: t.id, title: t.title, description: t.description, rows: t.rowCount })) };
  },
  summarize: (result) => result.tables.map((t) => `${t.id} ${t.title} (${t.rows} rows)`).join('\n') || 'No tables.',
});

export const listColumnsTool = defineTool({
  name: 'nc_tables_columns',
  app: 'tables',
  title: 'Columns of a table',
  description: 'Lists the columns of a table with their types and, for selections, the option ids.',
  input: z.object({ table_id: positiveId(2_147_483_647) }),
  output: z.object({
    columns: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        type: z.string(),
        mandatory: z.boolean(),
        options: z.array(z.object({ id: z.number(), label: z.string() })),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ table_id }, { nextcloud }) {
    const columns = await listColumns(nextcloud, table_id);
    return {
      columns: columns.map((c) => ({
        id: c.id,
        title: c.title,
        // Tables' own names for the kinds: text-line, selection-multi, datetime-date, …
        type: c.subtype ? `${c.type}-${c.subtype}` : c.type,
        mandatory: c.mandatory,
        options: c.selectionOptions,
      })),
    };
  },
  summarize: (result) => result.columns.map((c) => `${c.id} ${c.title} (${c.type})`).join('\n') || 'No columns.',
});

export const listRowsTool = defineTool({
  name: 'nc_tables_list_rows',
  app: 'tables',
  title: 'List rows of a table',
  description: 'Returns a page of rows of a table, each value with its column.',
  input: z.object({
    table_id: positiveId(2_147_483_647),
    limit: z
      .number()
      .int()
      .refine((n) => n >= 1 && n <= 200, 'from 1 to 200')
      .default(50),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ rows: z.array(rowOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ table_id, limit, cursor }, { nextcloud }) {
    const offset = cursor ? decodeRowCursor(cursor, table_id) : 0;
    const [columns, page] = await Promise.all([
      listColumns(nextcloud, table_id),
      listRows(nextcloud, table_id, { limit, offset }),
    ]);
    return {
      rows: page.rows.map((row) => describeRow(row, columns)),
      next_cursor: page.hasMore ? encodeRowCursor(table_id, offset + page.rows.length) : null,
    };
  },
  summarize: (result) => `${result.rows.length} rows${result.next_cursor ? ', more follow' : ''}.`,
});

export const createRowTool = defineTool({
  name: 'nc_tables_create_row',
  app: 'tables',
  title: 'Create a row',
  description: 'Adds a row to a table, values by column id (from nc_tables_columns).',
  input: z.object({ table_id: positiveId(2_147_483_647), values: valuesInput }),
  output: rowChangeOutput,
  annotations: ADDITIVE,
  async run({ table_id, values }, { nextcloud }) {
    const data = toRowValues(values);
    // Tables fails with 500 on an unknown column: check first (the columns also label the answer).
    assertColumnsExist(table_id, await listColumns(nextcloud, table_id), data);
    const row = await createRow(nextcloud, table_id, data);
    return { id: row.id, table_id: row.tableId };
  },
  summarize: (row) => `Created row ${row.id} in table ${row.table_id}.`,
});

export const updateRowTool = defineTool({
  name: 'nc_tables_update_row',
  app: 'tables',
  title: 'Update a row',
  description: 'Sets the given values of a row by column id, keeping the other columns.',
  input: z.object({ row_id: positiveId(2_147_483_647), values: valuesInput }),
  output: rowChangeOutput,
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ row_id, values }, { nextcloud }) {
    const row = await updateRow(nextcloud, row_id, toRowValues(values));
    return { id: row.id, table_id: row.tableId };
  },
  summarize: (row) => `Updated row ${row.id} of table ${row.table_id}.`,
});

export const deleteRowTool = defineTool({
  name: 'nc_tables_delete_row',
  app: 'tables',
  title: 'Delete a row',
  description: 'Deletes a row from its table, for good.',
  input: z.object({ row_id: positiveId(2_147_483_647) }),
  output: z.object({ id: z.number() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ row_id }, { nextcloud }) {
    await deleteRow(nextcloud, row_id);
    return { id: row_id };
  },
  summarize: (result) => `Deleted row ${result.id}.`,
});

export const TABLES_TOOLS: ToolDefinition[] = [
  listTablesTool,
  listColumnsTool,
  listRowsTool,
  createRowTool,
  updateRowTool,
  deleteRowTool,
];

function toRowValues(values: { column_id: number; value: unknown }[]): Record<number, unknown> {
  return Object.fromEntries(values.map((v) => [v.column_id, v.value]));
}

function describeRow(row: TableRow, columns: TableColumn[]): z.infer<typeof rowOutput> {
  const titles = new Map(columns.map((c) => [c.id, c.title]));
  return {
    id: row.id,
    table_id: row.tableId,
    values: row.cells.map((cell) => ({
      column_id: cell.columnId,
      column: titles.get(cell.columnId) ?? null,
      value: cell.value,
    })),
  };
}

function isCellValue(value: unknown): boolean {
  const scalar = (item: unknown) => ['string', 'number'].includes(typeof item);
  const valid = value === null || scalar(value) || typeof value === 'boolean';
  return (valid || (Array.isArray(value) && value.every(scalar))) && JSON.stringify(value).length <= 20_000;
}
