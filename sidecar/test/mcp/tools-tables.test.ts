// The tables tools through the SDK client, against the platform double's Tables app, in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import { listedToolNames, startToolHarness, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

type Row = {
  row_id: number;
  table_id: number;
  values: { column_id: number; column_title: string | null; value: unknown }[];
};
type RowPage = { rows: Row[]; next_cursor: string | null };

let tables: TablesDouble;
let harness: ToolHarness;

beforeAll(async () => {
  tables = createTablesDouble({
    tables: [
      {
        title: 'Books',
        owner: 'alice',
        emoji: '📚',
        columns: [
          { title: 'Title', type: 'text' },
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
    ],
  });
  const users = [{ id: 'alice', appPasswords: [APP_PASSWORD] }];
  harness = await startToolHarness({ users, apps: [tables] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const booksId = () => tables.tableId('Books');

describe('tables tools', () => {
  it('nc_tables_list returns the tables with their counts', async () => {
    const result = await call('nc_tables_list');

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      tables: [
        expect.objectContaining({ table_id: booksId(), title: 'Books', emoji: '📚', row_count: 5, column_count: 3 }),
      ],
    });
  });

  it('nc_tables_columns returns column ids, types and selection options', async () => {
    const result = await call('nc_tables_columns', { table_id: booksId() });

    const { columns } = result.structuredContent as { columns: { title: string; type: string; options: unknown[] }[] };
    expect(columns.map((c) => [c.title, c.type])).toEqual([
      ['Title', 'text'],
      ['Pages', 'number'],
      ['Shelf', 'selection'],
    ]);
    expect(columns[2]?.options).toEqual([
      { option_id: 1, label: 'Top' },
      { option_id: 2, label: 'Low' },
    ]);
  });

  it('nc_tables_list_rows pages through every row with the cursor, values labelled by column', async () => {
    const first = (await call('nc_tables_list_rows', { table_id: booksId(), limit: 2 })).structuredContent as RowPage;
    const second = (await call('nc_tables_list_rows', { table_id: booksId(), limit: 2, cursor: first.next_cursor }))
      .structuredContent as RowPage;
    const third = (await call('nc_tables_list_rows', { table_id: booksId(), limit: 2, cursor: second.next_cursor }))
      .structuredContent as RowPage;

    const titles = [first, second, third].flatMap((page) => page.rows.map((row) => row.values[0]?.value));
    expect(titles).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(first.rows[0]?.values[1]).toEqual({ column_id: expect.any(Number), column_title: 'Pages', value: 100 });
    expect(third.next_cursor).toBeNull();
  });

  it('nc_tables_list_rows refuses a cursor of another table', async () => {
    const first = (await call('nc_tables_list_rows', { table_id: booksId(), limit: 1 })).structuredContent as RowPage;

    const result = await call('nc_tables_list_rows', { table_id: booksId() + 1, cursor: first.next_cursor });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('cursor');
  });

  it('nc_tables_create_row, update_row and delete_row change the stored rows', async () => {
    const created = (
      await call('nc_tables_create_row', {
        table_id: booksId(),
        values: [
          { column_id: 1, value: 'Kim' },
          { column_id: 2, value: 120 },
        ],
      })
    ).structuredContent as Row;
    const updated = (
      await call('nc_tables_update_row', { row_id: created.row_id, values: [{ column_id: 2, value: 150 }] })
    ).structuredContent as Row;
    const stored = structuredClone(tables.rowsOf(booksId()).find((row) => row.id === created.row_id));
    const deleted = await call('nc_tables_delete_row', { row_id: created.row_id });

    expect(created.values).toEqual([
      { column_id: 1, column_title: 'Title', value: 'Kim' },
      { column_id: 2, column_title: 'Pages', value: 120 },
    ]);
    expect(updated.values[1]).toEqual({ column_id: 2, column_title: 'Pages', value: 150 });
    expect(stored?.data).toEqual([
      { columnId: 1, value: 'Kim' },
      { columnId: 2, value: 150 },
    ]);
    expect(deleted.structuredContent).toEqual({ deleted: true, row_id: created.row_id, table_id: booksId() });
    expect(tables.rowsOf(booksId()).some((row) => row.id === created.row_id)).toBe(false);
  });

  it('answers a missing table and a missing row with isError and a clear reason', async () => {
    const [table, row] = await Promise.all([
      call('nc_tables_list_rows', { table_id: 4242 }),
      call('nc_tables_delete_row', { row_id: 4242 }),
    ]);

    expect(table.isError).toBe(true);
    expect(JSON.stringify(table.content)).toContain('There is no table with id 4242');
    expect(row.isError).toBe(true);
    expect(JSON.stringify(row.content)).toContain('There is no row with id 4242');
  });

  it("passes on Tables' reason when it refuses a value", async () => {
    const result = await call('nc_tables_create_row', {
      table_id: booksId(),
      values: [{ column_id: 2, value: 'many' }],
    });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('Tables refused the values: Column Pages expects a number');
  });

  it('refuses a limit above the bound before calling Nextcloud', async () => {
    const result = await call('nc_tables_list_rows', { table_id: booksId(), limit: 10_000 });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/limit/);
  });
});

describe('tables tools availability', () => {
  it('lists the tables tools only when the capabilities have tables', async () => {
    const [withApp, withoutApp] = await Promise.all([
      harness.client.listTools(),
      listedToolNames().then((names) => ({ tools: names.map((name) => ({ name })) })),
    ]);

    const names = (list: { tools: { name: string }[] }) =>
      list.tools.map((tool) => tool.name).filter((n) => n.startsWith('nc_tables_'));
    expect(names(withApp)).toEqual([
      'nc_tables_list',
      'nc_tables_columns',
      'nc_tables_list_rows',
      'nc_tables_create_row',
      'nc_tables_update_row',
      'nc_tables_delete_row',
    ]);
    expect(names(withoutApp)).toEqual([]);
  });
});
