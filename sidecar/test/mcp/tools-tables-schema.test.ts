// The tables tools that shape tables (create, rename and delete a table, create, change and delete its columns) and
// read rows through a view or filtered by a column, over MCP against the platform double's Tables app; every change
// is read back from Tables itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';
import { errorText, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type Column = { id: number; title: string; type: string; mandatory: boolean; options: { id: number; label: string }[] };
type RowPage = {
  rows: { id: number; values: { column: string | null; value: unknown }[] }[];
  next_cursor: string | null;
};

let tables: TablesDouble;
let harness: ToolHarness;

beforeAll(async () => {
  tables = createTablesDouble({
    tables: [
      {
        title: 'Books',
        owner: 'alice',
        columns: [
          { title: 'Title', type: 'text', subtype: 'line' },
          {
            title: 'Genre',
            type: 'selection',
            selectionOptions: [
              { id: 1, label: 'Novel' },
              { id: 2, label: 'Poems' },
            ],
          },
        ],
        rows: [
          { Title: 'Dune', Genre: 1 },
          { Title: 'Odes', Genre: 2 },
          { Title: 'Dune Messiah', Genre: 1 },
          { Title: 'Emma', Genre: 1 },
        ],
        views: [{ title: 'Poetry', filter: { column: 'Genre', value: 2 } }],
      },
    ],
  });
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [tables] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const get = async <T>(name: string, args: Record<string, unknown> = {}) => structured<T>(await call(name, args));
/** The table's columns as Tables answers them (REST API 1). */
async function rawColumns(tableId: number): Promise<{ id: number; title: string; mandatory: boolean }[]> {
  const response = await fetch(`${harness.nextcloud.url}/index.php/apps/tables/api/1/tables/${tableId}/columns`, {
    headers: { authorization: basicAuth('alice', APP_PASSWORD) },
  });
  return (await response.json()) as { id: number; title: string; mandatory: boolean }[];
}
const tableTitles = async () =>
  (await get<{ tables: { title: string }[] }>('nc_tables_list')).tables.map((t) => t.title);
const titles = (page: RowPage) => page.rows.map((row) => row.values.find((v) => v.column === 'Title')?.value);

describe('nc_tables_manage_table', () => {
  it('creates an empty table, renames it and deletes it', async () => {
    const created = await get<{ id: number }>('nc_tables_manage_table', {
      action: 'create',
      title: 'Trips',
      emoji: '🧳',
    });
    const afterCreate = await tableTitles();

    await call('nc_tables_manage_table', { action: 'update', table_id: created.id, title: 'Journeys' });
    const afterRename = await tableTitles();
    await call('nc_tables_manage_table', { action: 'delete', table_id: created.id });

    expect(afterCreate).toContain('Trips');
    expect(afterRename).toContain('Journeys');
    expect(await tableTitles()).not.toContain('Journeys');
    expect(tables.rowsOf(created.id)).toEqual([]);
  });

  it('answers an unknown table as not found', async () => {
    const result = await call('nc_tables_manage_table', { action: 'delete', table_id: 999_999 });

    expect(errorText(result)).toContain('no table 999999');
  });
});

describe('nc_tables_manage_column', () => {
  it('creates a text column and a multiple selection with its options', async () => {
    const { id: tableId } = await get<{ id: number }>('nc_tables_manage_table', { action: 'create', title: 'Cols' });
    const column = (args: Record<string, unknown>) =>
      get<Column>('nc_tables_manage_column', { action: 'create', table_id: tableId, ...args });

    const text = await column({ type: 'text-long', title: 'Notes', mandatory: true });
    const tags = await column({ type: 'selection-multi', title: 'Tags', options: ['red', 'blue'] });

    expect(text).toMatchObject({ title: 'Notes', type: 'text-long', mandatory: true });
    expect(tags.options).toEqual([
      { id: 1, label: 'red' },
      { id: 2, label: 'blue' },
    ]);
    expect((await rawColumns(tableId)).map((c) => c.title)).toEqual(['Notes', 'Tags']);
  });

  it('renames a column keeping the rest, keeps option ids whose labels stay, and deletes a column', async () => {
    const booksId = tables.tableId('Books');
    const genre = (await rawColumns(booksId)).find((c) => c.title === 'Genre')!;

    const renamed = await get<Column>('nc_tables_manage_column', {
      action: 'update',
      table_id: booksId,
      column_id: genre.id,
      title: 'Kind',
      options: ['Poems', 'Essays'],
    });
    const extra = await get<Column>('nc_tables_manage_column', {
      action: 'create',
      table_id: booksId,
      type: 'number',
      title: 'Pages',
    });
    await call('nc_tables_manage_column', { action: 'delete', table_id: booksId, column_id: extra.id });

    expect(renamed.options).toEqual([
      { id: 2, label: 'Poems' },
      { id: 3, label: 'Essays' },
    ]);
    expect((await rawColumns(booksId)).map((c) => c.title)).toEqual(['Title', 'Kind']);
  });

  it('refuses a column of another table, and a new type for a column, changing nothing', async () => {
    const booksId = tables.tableId('Books');
    const [title] = await rawColumns(booksId);
    const { id: otherId } = await get<{ id: number }>('nc_tables_manage_table', { action: 'create', title: 'Other' });

    const foreign = await call('nc_tables_manage_column', {
      action: 'delete',
      table_id: otherId,
      column_id: title!.id,
    });
    const retype = await call('nc_tables_manage_column', {
      action: 'update',
      table_id: booksId,
      column_id: title!.id,
      type: 'number',
    });

    expect(errorText(foreign)).toContain(`Table ${otherId} has no column ${title!.id}`);
    expect(errorText(retype)).toContain('keeps its type');
    expect((await rawColumns(booksId))[0]?.title).toBe('Title');
  });
});

describe('nc_tables_list_rows through a view or filtered by a column', () => {
  it('lists a table with its views and reads the rows a view shows', async () => {
    const { tables: list } = await get<{ tables: { id: number; views: { id: number; title: string }[] }[] }>(
      'nc_tables_list',
    );
    const view = list.find((t) => t.id === tables.tableId('Books'))!.views[0]!;

    const page = await get<RowPage>('nc_tables_list_rows', { view_id: view.id });

    expect(view.title).toBe('Poetry');
    expect(titles(page)).toEqual(['Odes']);
  });

  it('finds rows whose text contains the value, ignoring case, in pages until next_cursor is null', async () => {
    const args = { table_id: tables.tableId('Books'), column_id: 0, value: 'dune', limit: 1 };
    args.column_id = (await rawColumns(args.table_id)).find((c) => c.title === 'Title')!.id;

    const first = await get<RowPage>('nc_tables_list_rows', args);
    const second = await get<RowPage>('nc_tables_list_rows', { ...args, cursor: first.next_cursor });
    const last = await get<RowPage>('nc_tables_list_rows', { ...args, cursor: second.next_cursor });

    expect([...titles(first), ...titles(second)]).toEqual(['Dune', 'Dune Messiah']);
    expect(last).toEqual({ rows: [], next_cursor: null });
  });

  it('refuses a filter without value and one by a column the table does not have', async () => {
    const tableId = tables.tableId('Books');

    const noValue = await call('nc_tables_list_rows', { table_id: tableId, column_id: 1 });
    const unknown = await call('nc_tables_list_rows', { table_id: tableId, column_id: 999_999, value: 'x' });

    expect(errorText(noValue)).toContain('column_id and value together');
    expect(errorText(unknown)).toContain('no column 999999');
  });
});
