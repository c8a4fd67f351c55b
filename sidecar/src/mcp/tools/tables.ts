// Tools of the tables app: list tables and their columns, page through rows, and create, update or delete rows.
import { z } from 'zod';
import type { NextcloudClient } from '../../platform/nextcloud-client.js';
import { listColumns, type TableColumn } from '../../platform/tables/columns.js';
import { decodeRowCursor, encodeRowCursor } from '../../platform/tables/row-cursor.js';
import { createRow, deleteRow, listRows, updateRow, type TableRow } from '../../platform/tables/rows.js';
import { listTables } from '../../platform/tables/tables.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const ID = z.number().int().positive().max(2_147_483_647);

const cellValue = z.union([
  z.string().max(20_000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(1_000), z.number()])).max(200),
]);
const valuesInput = z
  .array(z.object({ column_id: ID, value: cellValue }))
  .min(1)
  .max(100)
  .describe('The values to set, by column id (see nc_tables_columns). Selection columns take option ids.');

const rowOutput = z.object({
  row_id: z.number(),
  table_id: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  last_edit_by: z.string(),
  last_edit_at: z.string(),
  values: z.array(z.object({ column_id: z.number(), column_title: z.string().nullable(), value: z.unknown() })),
});

export const listTablesTool = defineTool({
  name: 'nc_tables_list',
  app: 'tables',
  title: 'List tables',
  description: 'Lists the tables of the Tables app the user can see, with their ids, row and column counts.',
  input: z.object({}),
  output: z.object({
    tables: z.array(
      z.object({
        table_id: z.number(),
        title: z.string(),
        emoji: z.string().nullable(),
        description: z.string(),
        owner: z.string(),
        row_count: z.number(),
        column_count: z.number(),
        archived: z.boolean(),
        shared: z.boolean(),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const tables = await listTables(nextcloud);
    return {
      tables: tables.map((t) => ({
        table_id: t.id,
        title: t.title,
        emoji: t.emoji,
        description: t.description,
        owner: t.owner,
        row_count: t.rowCount,
        column_count: t.columnCount,
        archived: t.archived,
        shared: t.isShared,
      })),
    };
  },
  summarize: (result) =>
    result.tables.length === 0
      ? 'No tables.'
      : `${result.tables.length} tables: ${result.tables.map((t) => `${t.title} (id ${t.table_id})`).join(', ')}.`,
});

export const listColumnsTool = defineTool({
  name: 'nc_tables_columns',
  app: 'tables',
  title: 'Columns of a table',
  description: 'Lists the columns of a table: id, title, type and, for selection columns, the option ids to use.',
  input: z.object({ table_id: ID }),
  output: z.object({
    table_id: z.number(),
    columns: z.array(
      z.object({
        column_id: z.number(),
        title: z.string(),
        type: z.string(),
        subtype: z.string(),
        mandatory: z.boolean(),
        description: z.string(),
        options: z.array(z.object({ option_id: z.number(), label: z.string() })),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ table_id }, { nextcloud }) {
    const columns = await listColumns(nextcloud, table_id);
    return {
      table_id,
      columns: columns.map((c) => ({
        column_id: c.id,
        title: c.title,
        type: c.type,
        subtype: c.subtype,
        mandatory: c.mandatory,
        description: c.description,
        options: c.selectionOptions.map((o) => ({ option_id: o.id, label: o.label })),
      })),
    };
  },
  summarize: (result) =>
    `Table ${result.table_id} has ${result.columns.length} columns: ${result.columns
      .map((c) => `${c.title} (id ${c.column_id}, ${c.type})`)
      .join(', ')}.`,
});

export const listRowsTool = defineTool({
  name: 'nc_tables_list_rows',
  app: 'tables',
  title: 'List rows of a table',
  description:
    'Returns one page of rows of a table with each value labelled by its column. Pass next_cursor back as cursor for the next page.',
  input: z.object({
    table_id: ID,
    limit: z.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ table_id: z.number(), rows: z.array(rowOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ table_id, limit, cursor }, { nextcloud }) {
    const offset = cursor ? decodeRowCursor(cursor, table_id) : 0;
    const [columns, page] = await Promise.all([
      listColumns(nextcloud, table_id),
      listRows(nextcloud, table_id, { limit, offset }),
    ]);
    return {
      table_id,
      rows: page.rows.map((row) => describeRow(row, columns)),
      next_cursor: page.hasMore ? encodeRowCursor(table_id, offset + page.rows.length) : null,
    };
  },
  summarize: (result) =>
    `${result.rows.length} rows of table ${result.table_id}${result.next_cursor ? ', more follow' : ''}.`,
});

export const createRowTool = defineTool({
  name: 'nc_tables_create_row',
  app: 'tables',
  title: 'Create a row',
  description: 'Adds a row to a table with the given values by column id and returns the stored row.',
  input: z.object({ table_id: ID, values: valuesInput }),
  output: rowOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ table_id, values }, { nextcloud }) {
    const row = await createRow(nextcloud, table_id, toRowValues(values));
    return describeRow(row, await columnsOrNone(nextcloud, table_id));
  },
  summarize: (row) => `Created row ${row.row_id} in table ${row.table_id}.`,
});

export const updateRowTool = defineTool({
  name: 'nc_tables_update_row',
  app: 'tables',
  title: 'Update a row',
  description: 'Sets the given values of a row by column id, leaving other columns as they are, and returns the row.',
  input: z.object({ row_id: ID, values: valuesInput }),
  output: rowOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ row_id, values }, { nextcloud }) {
    const row = await updateRow(nextcloud, row_id, toRowValues(values));
    return describeRow(row, await columnsOrNone(nextcloud, row.tableId));
  },
  summarize: (row) => `Updated row ${row.row_id} of table ${row.table_id}.`,
});

export const deleteRowTool = defineTool({
  name: 'nc_tables_delete_row',
  app: 'tables',
  title: 'Delete a row',
  description: 'Deletes a row from its table. This cannot be undone.',
  input: z.object({ row_id: ID }),
  output: z.object({ deleted: z.literal(true), row_id: z.number(), table_id: z.number() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ row_id }, { nextcloud }) {
    const row = await deleteRow(nextcloud, row_id);
    return { deleted: true as const, row_id, table_id: row.tableId };
  },
  summarize: (result) => `Deleted row ${result.row_id} of table ${result.table_id}.`,
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
    row_id: row.id,
    table_id: row.tableId,
    created_by: row.createdBy,
    created_at: row.createdAt,
    last_edit_by: row.lastEditBy,
    last_edit_at: row.lastEditAt,
    values: row.cells.map((cell) => ({
      column_id: cell.columnId,
      column_title: titles.get(cell.columnId) ?? null,
      value: cell.value,
    })),
  };
}

/** Column titles are a courtesy after a write: a failure to read them does not fail the write. */
async function columnsOrNone(nextcloud: NextcloudClient, tableId: number): Promise<TableColumn[]> {
  return listColumns(nextcloud, tableId).catch(() => []);
}
