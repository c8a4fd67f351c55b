// The Tables double's columns and views beyond the checked calls, as docs/nextcloud-behaviour.md's "What the double
// assumes" for Tables describes them from Tables' sources (not verified on 32.0.2), one test per assumption.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
type Column = { id: number; title: string; mandatory: boolean; selectionOptions: { id: number; label: string }[] };
let double: PlatformDouble;
let tables: TablesDouble;

beforeAll(async () => {
  tables = createTablesDouble({
    tables: [
      {
        title: 'Books',
        owner: 'alice',
        columns: [
          { title: 'Title', type: 'text', mandatory: true },
          { title: 'Shelf', type: 'selection', selectionOptions: [{ id: 1, label: 'Top' }] },
        ],
        rows: [
          { Title: 'Dune', Shelf: 1 },
          { Title: 'Emma', Shelf: 2 },
        ],
        views: [{ title: 'Top shelf', filter: { column: 'Shelf', value: 1 } }],
      },
      { title: 'Private', owner: 'bob', columns: [{ title: 'Note', type: 'text' }] },
    ],
  });
  double = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: [PASSWORD] },
      { id: 'bob', appPasswords: [PASSWORD] },
    ],
    apps: [tables],
  });
});
afterAll(() => double.close());

async function rest<T>(method: string, path: string, body?: unknown, user = 'alice') {
  const response = await fetch(`${double.url}/index.php/apps/tables/api/1${path}`, {
    method,
    headers: { authorization: basicAuth(user, PASSWORD), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? '' : JSON.parse(text)) as T };
}
const columnsOf = async (title: string) =>
  (await rest<Column[]>('GET', `/tables/${tables.tableId(title)}/columns`)).body;

describe('tables double: one column over REST API 1', () => {
  it('changes the fields a PUT names and keeps the others, options taken as a JSON string', async () => {
    const [, shelf] = await columnsOf('Books');

    const changed = await rest<Column>('PUT', `/columns/${shelf!.id}`, {
      title: 'Place',
      selectionOptions: JSON.stringify([{ id: 1, label: 'High' }]),
    });

    expect(changed.body).toMatchObject({
      title: 'Place',
      mandatory: false,
      selectionOptions: [{ id: 1, label: 'High' }],
    });
  });

  it("refuses another user's column with 403", async () => {
    const path = `/tables/${tables.tableId('Private')}/columns`;
    const [note] = (await rest<Column[]>('GET', path, undefined, 'bob')).body;

    const result = await rest('DELETE', `/columns/${note!.id}`);

    expect(result.status).toBe(403);
  });

  it('deletes a column with its values in every row', async () => {
    const { body: column } = await rest<Column>('GET', `/columns/${(await columnsOf('Books'))[0]!.id}`);
    const tableId = tables.tableId('Books');

    const deleted = await rest<Column>('DELETE', `/columns/${column.id}`);

    expect(deleted.body.title).toBe(column.title);
    expect((await columnsOf('Books')).map((c) => c.id)).not.toContain(column.id);
    expect(tables.rowsOf(tableId).flatMap((row) => row.data.map((cell) => cell.columnId))).not.toContain(column.id);
  });
});

describe('tables double: a view', () => {
  it("answers a view's rows, those its filter shows, paged by limit and offset", async () => {
    const table = (await rest<{ views: { id: number }[] }>('GET', `/tables/${tables.tableId('Books')}`)).body;

    const rows = await rest<unknown[]>('GET', `/views/${table.views[0]!.id}/rows?limit=10&offset=0`);

    expect(rows.body).toHaveLength(1);
  });

  it("refuses a view on another user's table and a shown column the table does not have, changing nothing", async () => {
    const foreign = await rest('POST', `/tables/${tables.tableId('Private')}/views`, { title: 'Mine' });
    const view = (await rest<{ id: number }>('POST', `/tables/${tables.tableId('Books')}/views`, { title: 'New' }))
      .body;

    const unknown = await rest('PUT', `/views/${view.id}`, { data: { title: 'Renamed', columns: [999] } });

    expect(foreign).toEqual({ status: 404, body: { message: '' } });
    expect(unknown).toEqual({ status: 400, body: { message: 'Invalid column ID provided: 999' } });
    expect((await rest('GET', `/views/${view.id}`)).body).toMatchObject({ title: 'New', columns: [] });
    expect((await rest('GET', `/views/${view.id}`, undefined, 'bob')).status).toBe(404);
    expect(await rest('GET', `/views/${view.id}/rows`, undefined, 'bob')).toEqual({
      status: 404,
      body: { message: '' },
    });
  });

  it('keeps a field sent empty, and forgets a deleted column in its sort', async () => {
    const [title] = await columnsOf('Books');
    const view = (await rest<{ id: number }>('POST', `/tables/${tables.tableId('Books')}/views`, { title: 'Sorted' }))
      .body;
    const sort = JSON.stringify([{ columnId: title!.id, mode: 'DESC' }]);

    const changed = await rest<{ title: string; sort: unknown[] }>('PUT', `/views/${view.id}`, {
      data: { title: '', filter: [], sort },
    });
    await rest('DELETE', `/columns/${title!.id}`);

    expect(changed.body).toMatchObject({ title: 'Sorted', sort: [{ columnId: title!.id, mode: 'DESC' }] });
    expect((await rest<{ sort: unknown[] }>('GET', `/views/${view.id}`)).body.sort).toEqual([]);
  });
});
