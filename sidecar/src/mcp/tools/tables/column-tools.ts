// Tables tools for columns: list a table's columns, and create (with its kind), change or delete one.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { COLUMN_KINDS, createColumn, deleteColumn, updateColumn } from '../../../platform/tables/column-changes.js';
import { listColumns, type TableColumn } from '../../../platform/tables/columns.js';
import { defineTool } from '../../tool-definition.js';
import { DESTRUCTIVE, READ_ONLY } from '../tool-shapes.js';
import { columnId, tableId, tableTitle } from './tables-schemas.js';

const columnOutput = z.object({
  id: z.number(),
  title: z.string(),
  type: z.string(),
  mandatory: z.boolean(),
  options: z.array(z.object({ id: z.number(), label: z.string() })),
});

export const listColumnsTool = defineTool({
  name: 'nc_tables_columns',
  app: 'tables',
  title: 'Columns of a table',
  description: 'Lists the columns of a table with their types and, for selections, the option ids.',
  input: z.object({ table_id: tableId }),
  output: z.object({ columns: z.array(columnOutput) }),
  annotations: READ_ONLY,
  async run({ table_id }, { nextcloud }) {
    return { columns: (await listColumns(nextcloud, table_id)).map(describeColumn) };
  },
  summarize: (result) => result.columns.map((c) => `${c.id} ${c.title} (${c.type})`).join('\n') || 'No columns.',
});

export const manageColumnTool = defineTool({
  name: 'nc_tables_manage_column',
  app: 'tables',
  title: 'Manage a column',
  description: 'create takes type and title, update and delete take column_id. Deleting drops its values.',
  input: z.object({
    action: z.enum(['create', 'update', 'delete']),
    table_id: tableId,
    column_id: columnId.optional(),
    type: z.enum(COLUMN_KINDS).optional(),
    title: tableTitle.optional(),
    mandatory: z.boolean().optional(),
    description: z.string().max(2000).optional(),
    options: z.array(tableTitle).max(100).optional().describe('Option labels of a selection.'),
  }),
  output: columnOutput,
  annotations: DESTRUCTIVE,
  async run({ action, table_id, column_id, type, ...fields }, { nextcloud }) {
    if (action === 'create') {
      if (type === undefined || fields.title === undefined) throw new InvalidInputError('create needs type and title.');
      if (column_id !== undefined) throw new InvalidInputError('create takes no column_id.');
      return describeColumn(await createColumn(nextcloud, table_id, type, { ...fields, title: fields.title }));
    }
    if (column_id === undefined) throw new InvalidInputError(`${action} needs column_id.`);
    if (type !== undefined) throw new InvalidInputError('A column keeps its type: create another one.');
    if (action === 'update') return describeColumn(await updateColumn(nextcloud, table_id, column_id, fields));
    if (Object.values(fields).some((value) => value !== undefined)) {
      throw new InvalidInputError('delete takes only table_id and column_id.');
    }
    return describeColumn(await deleteColumn(nextcloud, table_id, column_id));
  },
  summarize: (column) => `Column ${column.id} "${column.title}" (${column.type}): done.`,
});

function describeColumn(column: TableColumn): z.infer<typeof columnOutput> {
  return {
    id: column.id,
    title: column.title,
    // Tables' own names for the kinds: text-line, selection-multi, datetime-date, …
    type: column.subtype ? `${column.type}-${column.subtype}` : column.type,
    mandatory: column.mandatory,
    options: column.selectionOptions,
  };
}
