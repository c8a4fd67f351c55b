// Tables tools for whole tables: list them with their views, and create, rename or delete one.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { createTable, deleteTable, listTables, updateTable } from '../../../platform/tables/tables.js';
import { defineTool } from '../../tool-definition.js';
import { DESTRUCTIVE, READ_ONLY } from '../tool-shapes.js';
import { tableId, tableTitle } from './tables-schemas.js';

export const listTablesTool = defineTool({
  name: 'nc_tables_list',
  app: 'tables',
  title: 'List tables',
  description: 'Lists the tables the user can see, with their views.',
  input: z.object({}),
  output: z.object({
    tables: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        description: z.string(),
        rows: z.number(),
        views: z.array(z.object({ id: z.number(), title: z.string() })),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const tables = await listTables(nextcloud);
    return {
      tables: tables.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        rows: t.rowCount,
        views: t.views,
      })),
    };
  },
  summarize: (result) => result.tables.map((t) => `${t.id} ${t.title} (${t.rows} rows)`).join('\n') || 'No tables.',
});

export const manageTableTool = defineTool({
  name: 'nc_tables_manage_table',
  app: 'tables',
  title: 'Manage a table',
  description: 'create makes an empty table, update and delete take table_id. Deleting deletes its rows.',
  input: z.object({
    action: z.enum(['create', 'update', 'delete']),
    table_id: tableId.optional(),
    title: tableTitle.optional(),
    emoji: z.string().max(20).optional(),
  }),
  output: z.object({ id: z.number(), title: z.string() }),
  annotations: DESTRUCTIVE,
  async run({ action, table_id, title, emoji }, { nextcloud }) {
    if (action === 'create') {
      if (title === undefined) throw new InvalidInputError('create needs title.');
      if (table_id !== undefined) throw new InvalidInputError('create takes no table_id.');
      const table = await createTable(nextcloud, title, emoji);
      return { id: table.id, title: table.title };
    }
    if (table_id === undefined) throw new InvalidInputError(`${action} needs table_id.`);
    if (action === 'delete' && (title !== undefined || emoji !== undefined)) {
      throw new InvalidInputError('delete takes only table_id.');
    }
    const table =
      action === 'update'
        ? await updateTable(nextcloud, table_id, { title, emoji })
        : await deleteTable(nextcloud, table_id);
    return { id: table.id, title: table.title };
  },
  summarize: (table) => `Table ${table.id} "${table.title}": done.`,
});
