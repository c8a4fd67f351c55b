// nc_tables_manage_view over MCP against the platform double's Tables app: a view is created with a filter and a
// sort, its rows are read through nc_tables_list_rows, it is changed and deleted, and what Tables would refuse or
// store wrongly (an unknown column, another user's table or view) is refused; every change is read back from Tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';
import { errorText, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type RowPage = { rows: { values: { column: string | null; value: unknown }[] }[]; next_cursor: string | null };
type RawView = { title: string; emoji: string | null; columns: number[]; sort: unknown[]; filter: unknown[][] };

let tables: TablesDouble;
let harness: ToolHarness;
const column = { title: 0, pages: 0, genre: 0 };

beforeAll(async () => {
  tables = createTablesDouble({
    tables: [
      {
        title: 'Books',
        owner: 'alice',
        columns: [
          { title: 'Title', type: 'text', subtype: 'line' },
          { title: 'Pages', type: 'number' },
          { title: 'Genre', type: 'text', subtype: 'line' },
        ],
        rows: [
          { Title: 'Dune', Pages: 412, Genre: 'novel' },
          { Title: 'Odes', Pages: 80, Genre: 'poems' },
          { Title: 'Dune Messiah', Pages: 256, Genre: 'novel' },
          { Title: 'Emma', Pages: 474, Genre: 'novel' },
          { Title: 'Dubliners', Pages: 152, Genre: 'stories' },
        ],
      },
      { title: 'Secret', owner: 'bob', columns: [{ title: 'Note', type: 'text' }], views: [{ title: 'Hidden' }] },
    ],
  });
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [tables] });
  const columns = await rest<{ id: number; title: string }[]>(`/tables/${booksId()}/columns`);
  const idOf = (title: string) => columns.find((c) => c.title === title)!.id;
  Object.assign(column, { title: idOf('Title'), pages: idOf('Pages'), genre: idOf('Genre') });
});
afterAll(() => harness.close());

const booksId = () => tables.tableId('Books');
const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const manage = (args: Record<string, unknown>) => call('nc_tables_manage_view', args);
const rows = async (viewId: number) => structured<RowPage>(await call('nc_tables_list_rows', { view_id: viewId }));
const titles = (page: RowPage) => page.rows.map((row) => row.values.find((v) => v.column === 'Title')?.value);
/** A REST API 1 answer of Tables as alice. */
async function rest<T>(path: string): Promise<T> {
  const response = await fetch(`${harness.nextcloud.url}/index.php/apps/tables/api/1${path}`, {
    headers: { authorization: basicAuth('alice', APP_PASSWORD) },
  });
  return (await response.json()) as T;
}
const viewTitles = async () => (await rest<{ views: { title: string }[] }>(`/tables/${booksId()}`)).views;

describe('nc_tables_manage_view', () => {
  let viewId = 0;

  it('creates a view whose rows are those its filter shows, in its sort order, with its columns', async () => {
    const created = structured<{ id: number; title: string }>(
      await manage({
        action: 'create',
        table_id: booksId(),
        title: 'Long D books',
        emoji: '📚',
        column_ids: [column.title, column.pages],
        sort_column_id: column.title,
        descending: true,
        filter: [
          { column_id: column.title, operator: 'begins-with', value: 'du' },
          { column_id: column.pages, operator: 'is-greater-than', value: 200 },
        ],
      }),
    );
    viewId = created.id;

    const page = await rows(viewId);
    const stored = await rest<RawView>(`/views/${viewId}`);

    expect(created.title).toBe('Long D books');
    expect(titles(page)).toEqual(['Dune Messiah', 'Dune']);
    expect(page.rows[0]?.values.map((v) => v.column)).toEqual(['Title', 'Pages']);
    expect(stored).toMatchObject({ emoji: '📚', columns: [column.title, column.pages] });
    expect(stored.sort).toEqual([{ columnId: column.title, mode: 'DESC' }]);
    expect(stored.filter).toEqual([
      [
        { columnId: column.title, operator: 'begins-with', value: 'du' },
        { columnId: column.pages, operator: 'is-greater-than', value: 200 },
      ],
    ]);
  });

  it('changes the title, filter and sort and keeps the shown columns', async () => {
    const updated = await manage({
      action: 'update',
      view_id: viewId,
      title: 'Novels',
      sort_column_id: column.title,
      filter: [{ column_id: column.genre, operator: 'is-equal', value: 'Novel' }],
    });

    expect(structured(updated)).toEqual({ id: viewId, title: 'Novels' });
    expect(titles(await rows(viewId))).toEqual(['Dune', 'Dune Messiah', 'Emma']);
    expect((await rest<RawView>(`/views/${viewId}`)).columns).toEqual([column.title, column.pages]);
  });

  it('deletes the view, after which reading its rows answers not found and the table keeps its rows', async () => {
    const deleted = await manage({ action: 'delete', view_id: viewId });
    const read = await call('nc_tables_list_rows', { view_id: viewId });

    expect(structured(deleted)).toEqual({ id: viewId, title: 'Novels' });
    expect(errorText(read)).toContain(`There is no view ${viewId}`);
    expect(await viewTitles()).toEqual([]);
    expect(tables.rowsOf(booksId())).toHaveLength(5);
  });

  it('refuses an unknown column, a column by title, a condition without value, a word as emoji and a title over 200 bytes, creating nothing', async () => {
    const unknown = await manage({
      action: 'create',
      table_id: booksId(),
      title: 'Broken',
      filter: [{ column_id: 999_999, operator: 'contains', value: 'x' }],
    });
    const noValue = await manage({
      action: 'create',
      table_id: booksId(),
      title: 'Broken',
      filter: [{ column_id: column.title, operator: 'contains' }],
    });

    const notIds = await manage({ action: 'create', table_id: booksId(), title: 'Broken', column_ids: ['Title'] });
    const notEmoji = await manage({ action: 'create', table_id: booksId(), title: 'Broken', emoji: 'books' });
    // 150 characters, 300 bytes: Tables counts a title's bytes.
    const longTitle = await manage({ action: 'create', table_id: booksId(), title: 'é'.repeat(150) });

    expect(errorText(unknown)).toContain(`Table ${booksId()} has no column 999999`);
    expect(errorText(notIds)).toContain('column ids');
    expect(errorText(notEmoji)).toContain('Only a single, valid emoji');
    expect(errorText(noValue)).toContain('takes a value, except with is-empty');
    expect(errorText(longTitle)).toContain('from 1 to 200 bytes');
    expect(await viewTitles()).toEqual([]);
  });

  it("answers not found for another user's table and view, and refuses an update that names a table", async () => {
    const secret = tables.tableId('Secret');
    const foreignTable = await manage({ action: 'create', table_id: secret, title: 'Mine now' });
    const foreignView = await manage({ action: 'delete', view_id: 1 });
    const withTable = await manage({ action: 'update', view_id: 1, table_id: booksId(), title: 'Moved' });

    expect(errorText(foreignTable)).toContain(`There is no table ${secret}`);
    expect(errorText(foreignView)).toContain('There is no view 1');
    expect(errorText(withTable)).toContain('takes no table_id');
  });

  it('gives a view created without column_ids every column of its table', async () => {
    const created = structured<{ id: number }>(await manage({ action: 'create', table_id: booksId(), title: 'All' }));

    const stored = await rest<RawView>(`/views/${created.id}`);

    expect(stored.columns).toEqual([column.title, column.pages, column.genre]);
    expect(stored).toMatchObject({ sort: [], filter: [] });
  });
});
