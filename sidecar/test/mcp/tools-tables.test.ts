// The tables tools through the SDK client, against the platform double's Tables app, in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import { errorText, listedToolNames, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

type Row = { id: number; table_id: number; values: { column_id: number; column: string | null; value: unknown }[] };
type RowPage = { rows: Row[]; next_cursor: string | null };

let tables: TablesDouble;
let harness: ToolHarness;

beforeAll(async () => {
  tables = createTablesDouble({
    tables: [
      {
        title: 'Books',
        owner: 'alice',
        description: 'What I read',
        columns: [
          { title: 'Title', type: 'text', subtype: 'line' },
          { title: 'Pages', type: 'number' },
          {
            title: 'Shelf',
            type: 'selection',
            selectionOptions: [
              { id: 1, label: 'Top' },
              { id: 2, label: 'Low' },
            ],
          },
        ],
        rows: ['A', 'B', 'C', 'D', 'E'].map((title, i) => ({ Title: title, Pages: 100 + i })),
      },
      { title: 'Secret', owner: 'bob', columns: [{ title: 'Note', type: 'text' }], rows: [{ Note: 'mine' }] },
    ],
  });
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [tables] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const booksId = () => tables.tableId('Books');
const page = async (args: Record<string, unknown>) => structured<RowPage>(await call('nc_tables_list_rows', args));

describe('tables tools', () => {
  it('nc_tables_list returns the tables with their own id and row count', async () => {
    const result = structured<{ tables: unknown[] }>(await call('nc_tables_list'));

    expect(result.tables).toContainEqual({
      id: booksId(),
      title: 'Books',
      description: 'What I read',
      rows: 5,
      views: [],
    });
  });

  it("nc_tables_columns returns column ids, Tables' type names and selection options", async () => {
    const result = structured<{ columns: { title: string; type: string; options: unknown[] }[] }>(
      await call('nc_tables_columns', { table_id: booksId() }),
    );

    expect(result.columns.map((c) => [c.title, c.type])).toEqual([
      ['Title', 'text-line'],
      ['Pages', 'number'],
      ['Shelf', 'selection'],
    ]);
    expect(result.columns[2]?.options).toEqual([
      { id: 1, label: 'Top' },
      { id: 2, label: 'Low' },
    ]);
  });

  it('nc_tables_list_rows pages through every row with the cursor, values labelled by column', async () => {
    const first = await page({ table_id: booksId(), limit: 2 });
    const second = await page({ table_id: booksId(), limit: 2, cursor: first.next_cursor });
    const third = await page({ table_id: booksId(), limit: 2, cursor: second.next_cursor });

    const titles = [first, second, third].flatMap((p) => p.rows.map((row) => row.values[0]?.value));
    expect(titles).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(first.rows[0]?.values[1]).toEqual({ column_id: expect.any(Number), column: 'Pages', value: 100 });
    expect(third.next_cursor).toBeNull();
  });

  it('nc_tables_list_rows refuses a cursor of another table', async () => {
    const first = await page({ table_id: booksId(), limit: 1 });

    const result = await call('nc_tables_list_rows', { table_id: booksId() + 1, cursor: first.next_cursor });

    expect(errorText(result)).toContain('cursor');
  });

  it('nc_tables_create_row, update_row and delete_row change the stored rows', async () => {
    const values = [
      { column_id: 1, value: 'Kim' },
      { column_id: 2, value: 120 },
    ];
    const created = structured<{ id: number; table_id: number }>(
      await call('nc_tables_create_row', { table_id: booksId(), values }),
    );
    const updated = await call('nc_tables_update_row', { row_id: created.id, values: [{ column_id: 2, value: 150 }] });
    const stored = structuredClone(tables.rowsOf(booksId()).find((row) => row.id === created.id));
    const deleted = await call('nc_tables_delete_row', { row_id: created.id });

    expect(created.table_id).toBe(booksId());
    expect(updated.structuredContent).toEqual({ id: created.id, table_id: booksId() });
    expect(stored?.data).toEqual([
      { columnId: 1, value: 'Kim' },
      { columnId: 2, value: 150 },
    ]);
    expect(deleted.structuredContent).toEqual({ id: created.id });
    expect(tables.rowsOf(booksId()).some((row) => row.id === created.id)).toBe(false);
  });

  it('refuses a column the table does not have, naming nc_tables_columns (Tables would answer 500)', async () => {
    const result = await call('nc_tables_create_row', {
      table_id: booksId(),
      values: [{ column_id: 999, value: 'x' }],
    });

    expect(errorText(result)).toContain(`Table ${booksId()} has no column 999; see nc_tables_columns`);
    expect(tables.rowsOf(booksId())).toHaveLength(5);
  });

  it('explains an update with a column the row does not have, which Tables fails with 500', async () => {
    const [row] = tables.rowsOf(booksId());

    const result = await call('nc_tables_update_row', { row_id: row!.id, values: [{ column_id: 999, value: 'x' }] });

    expect(errorText(result)).toContain('has no column 999');
  });

  it('answers a missing table and a row that is gone (Tables: 404 empty, 500 on delete) as not found', async () => {
    const [table, row] = await Promise.all([
      call('nc_tables_list_rows', { table_id: 4242 }),
      call('nc_tables_delete_row', { row_id: 4242 }),
    ]);

    expect(errorText(table)).toContain('There is no table 4242');
    expect(errorText(row)).toContain('There is no row 4242');
  });

  it("says there is no table it can read for another user's table (Tables: 403 on its columns), not 'not allowed'", async () => {
    const secret = tables.tableId('Secret');

    const [columns, created] = await Promise.all([
      call('nc_tables_columns', { table_id: secret }),
      call('nc_tables_create_row', { table_id: secret, values: [{ column_id: 1, value: 'x' }] }),
    ]);

    expect(errorText(columns)).toContain(`There is no table ${secret} that this account can read.`);
    expect(errorText(created)).toContain(`There is no table ${secret} that this account can read.`);
    expect(tables.rowsOf(secret)).toHaveLength(1);
  });

  it('refuses a limit above the bound before calling Nextcloud', async () => {
    const result = await call('nc_tables_list_rows', { table_id: booksId(), limit: 10_000 });

    expect(errorText(result)).toMatch(/limit/);
  });

  it('names own ids id in results and other objects <thing>_id', async () => {
    const { tools } = await harness.client.listTools();

    const outputs = tools
      .filter((tool) => tool.name.startsWith('nc_tables_'))
      .map((tool) => JSON.stringify(tool.outputSchema));
    expect(outputs.join()).not.toMatch(/"(option_id|column_title)"/);
    expect(outputs.filter((schema) => schema.includes('"table_id"') && !schema.includes('"id"'))).toEqual([]);
  });
});

describe('tables tools availability', () => {
  it('lists the tables tools only when the capabilities have tables', async () => {
    const [withApp, withoutApp] = await Promise.all([harness.client.listTools(), listedToolNames()]);

    expect(withApp.tools.map((tool) => tool.name).filter((n) => n.startsWith('nc_tables_'))).toEqual([
      'nc_tables_list',
      'nc_tables_manage_table',
      'nc_tables_manage_view',
      'nc_tables_columns',
      'nc_tables_manage_column',
      'nc_tables_list_rows',
      'nc_tables_create_row',
      'nc_tables_update_row',
      'nc_tables_delete_row',
    ]);
    expect(withoutApp.filter((n) => n.startsWith('nc_tables_'))).toEqual([]);
  });
});
