// Tables tools for rows: page through a table's or a view's rows (optionally those matching a value in one column),
// and create, update or delete a row.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { listColumns, type TableColumn } from '../../../platform/tables/columns.js';
import { findRows } from '../../../platform/tables/row-filter.js';
import { decodeRowCursor, encodeRowCursor } from '../../../platform/tables/row-cursor.js';
import {
  assertColumnsExist,
  createRow,
  deleteRow,
  listRows,
  updateRow,
  type RowSource,
  type TableRow,
} from '../../../platform/tables/rows.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE, DESTRUCTIVE_IDEMPOTENT, READ_ONLY } from '../tool-shapes.js';
import { columnId, tableId } from './tables-schemas.js';

const cellValue = z
  .unknown()
  .refine(isCellValue, 'a text, number, boolean, null or list of texts or numbers, at most 20000 characters long');
const valuesInput = z
  .array(z.object({ column_id: columnId, value: cellValue }))
  .refine((values) => values.length >= 1 && values.length <= 100, 'from 1 to 100 values')
  .describe('Selection columns take option ids.');

const rowOutput = z.object({
  id: z.number(),
  table_id: z.number(),
  values: z.array(z.object({ column_id: z.number(), column: z.string().nullable(), value: z.unknown() })),
});

const rowChangeOutput = z.object({ id: z.number(), table_id: z.number() });

export const listRowsTool = defineTool({
  name: 'nc_tables_list_rows',
  app: 'tables',
  title: 'List rows of a table',
  description:
    'Returns a page of rows of a table or view. With column_id, only rows whose value there matches value ' +
    '(text: contains, ignoring case).',
  input: z.object({
    table_id: tableId.optional(),
    view_id: tableId.optional(),
    column_id: columnId.optional(),
    value: cellValue.optional(),
    limit: z
      .number()
      .int()
      .refine((n) => n >= 1 && n <= 200, 'from 1 to 200')
      .default(50),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ rows: z.array(rowOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ table_id, view_id, column_id, value, limit, cursor }, { nextcloud }) {
    const source = rowSource(table_id, view_id);
    if ((column_id === undefined) !== (value === undefined)) {
      throw new InvalidInputError('Pass column_id and value together.');
    }
    const offset = cursor ? decodeRowCursor(cursor, source) : 0;
    // A table's columns are checked before filtering by one; a view's are read from its rows' table.
    const table = 'table' in source ? source.table : undefined;
    const known = table === undefined ? undefined : await listColumns(nextcloud, table);
    if (known && column_id !== undefined) assertColumnsExist(table!, known, { [column_id]: value });
    const page =
      column_id === undefined
        ? await readPage(nextcloud, source, { limit, offset })
        : await findRows(nextcloud, source, { columnId: column_id, value }, { limit, offset });
    const columns = known ?? (page.rows[0] ? await listColumns(nextcloud, page.rows[0].tableId) : []);
    return {
      rows: page.rows.map((row) => describeRow(row, columns)),
      next_cursor: page.nextOffset === null ? null : encodeRowCursor(source, page.nextOffset),
    };
  },
  summarize: (result) => `${result.rows.length} rows${result.next_cursor ? ', more follow' : ''}.`,
});

export const createRowTool = defineTool({
  name: 'nc_tables_create_row',
  app: 'tables',
  title: 'Create a row',
  description: 'Adds a row to a table, values by column id (from nc_tables_columns).',
  input: z.object({ table_id: tableId, values: valuesInput }),
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
  input: z.object({ row_id: tableId, values: valuesInput }),
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
  input: z.object({ row_id: tableId }),
  output: z.object({ id: z.number() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ row_id }, { nextcloud }) {
    await deleteRow(nextcloud, row_id);
    return { id: row_id };
  },
  summarize: (result) => `Deleted row ${result.id}.`,
});

function rowSource(tableIdArg: number | undefined, viewId: number | undefined): RowSource {
  if ((tableIdArg === undefined) === (viewId === undefined)) throw new InvalidInputError('Pass table_id or view_id.');
  return tableIdArg !== undefined ? { table: tableIdArg } : { view: viewId! };
}

/** One page of rows without a filter, in the shape of a filtered page. */
async function readPage(
  client: Parameters<typeof listRows>[0],
  source: RowSource,
  page: { limit: number; offset: number },
) {
  const { rows, hasMore } = await listRows(client, source, page);
  return { rows, nextOffset: hasMore ? page.offset + rows.length : null };
}

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
