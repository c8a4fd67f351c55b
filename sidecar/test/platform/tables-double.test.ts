// The Tables double answers as platform-api.md says Tables 1.0 does, one test per fact: OCS API 2 for tables, columns
// and new rows, REST API 1 for rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const ALICE = basicAuth('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
const BOB = basicAuth('bob', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB');
let double: PlatformDouble;
let tables: TablesDouble;

beforeAll(async () => {
  tables = createTablesDouble({
    tables: [
      {
        title: 'Books',
        owner: 'alice',
        columns: [
          { title: 'Title', type: 'text' },
          { title: 'Pages', type: 'number' },
        ],
        rows: [
          { Title: 'Dune', Pages: 412 },
          { Title: 'Emma', Pages: 474 },
          { Title: 'Ulysses', Pages: 730 },
        ],
      },
      { title: 'Private', owner: 'bob', columns: [{ title: 'Note', type: 'text' }], rows: [{ Note: 'mine' }] },
    ],
  });
  double = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] },
      { id: 'bob', appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] },
    ],
    apps: [tables],
  });
});
afterAll(() => double.close());

const ocs = (path: string, init: RequestInit = {}, auth = ALICE) =>
  fetch(`${double.url}/ocs/v2.php/apps/tables/api/2${path}`, {
    ...init,
    headers: {
      authorization: auth,
      'ocs-apirequest': 'true',
      accept: 'application/json',
      'content-type': 'application/json',
    },
  });
const rest = (path: string, init: RequestInit = {}, auth = ALICE) =>
  fetch(`${double.url}/index.php/apps/tables/api/1${path}`, {
    ...init,
    headers: { authorization: auth, 'content-type': 'application/json', ...init.headers },
  });
const books = () => tables.tableId('Books');
type Row = { id: number; tableId: number; data: { columnId: number; value: unknown }[] };
const createRow = async (data: unknown) =>
  (await (await rest(`/tables/${books()}/rows`, { method: 'POST', body: JSON.stringify({ data }) })).json()) as Row;

describe('tables double: OCS API 2', () => {
  it('publishes the tables capability', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, {
      headers: { authorization: ALICE, 'ocs-apirequest': 'true' },
    });

    const body = (await response.json()) as { ocs: { data: { capabilities: { tables: Record<string, unknown> } } } };
    expect(Object.keys(body.ocs.data.capabilities.tables).sort()).toEqual(
      ['apiVersions', 'column_types', 'enabled', 'features', 'isCirclesEnabled', 'version'].sort(),
    );
  });

  it('lists the tables of the user in an OCS envelope, with a welcome table made by the first call', async () => {
    const response = await ocs('/tables');

    const body = (await response.json()) as { ocs: { data: Record<string, unknown>[] } };
    expect(body.ocs.data.map((t) => t.title)).toEqual(['Books', 'Welcome to Nextcloud Tables!']);
    expect(Object.keys(body.ocs.data[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'emoji',
        'ownership',
        'rowsCount',
        'columnsCount',
        'views',
        'description',
      ]),
    );
  });

  it('answers a missing or foreign table with 404 and an empty body', async () => {
    const [foreign, missing] = await Promise.all([ocs(`/tables/${tables.tableId('Private')}`), ocs('/tables/999')]);

    expect([foreign.status, await foreign.text(), missing.status, await missing.text()]).toEqual([404, '', 404, '']);
  });

  it('has no row list: GET /tables/{id}/rows answers 405', async () => {
    const response = await ocs(`/tables/${books()}/rows`);

    expect(response.status).toBe(405);
  });

  it('creates a row with POST /tables/{id}/rows, data as an object or a JSON string', async () => {
    const [object, string] = await Promise.all([
      ocs(`/tables/${books()}/rows`, { method: 'POST', body: JSON.stringify({ data: { 1: 'Kim' } }) }),
      ocs(`/tables/${books()}/rows`, { method: 'POST', body: JSON.stringify({ data: JSON.stringify({ 1: 'Ada' }) }) }),
    ]);

    const rowOf = async (response: Response) => ((await response.json()) as { ocs: { data: Row } }).ocs.data;
    expect((await rowOf(object)).data).toEqual([{ columnId: 1, value: 'Kim' }]);
    expect((await rowOf(string)).data).toEqual([{ columnId: 1, value: 'Ada' }]);
  });

  it('answers a typed column creation without baseNodeType with 500 "Invalid node type"', async () => {
    const response = await ocs('/columns/text', {
      method: 'POST',
      body: JSON.stringify({ baseNodeId: books(), title: 'Notes' }),
    });

    const body = (await response.json()) as { ocs: { meta: { message: string } } };
    expect([response.status, body.ocs.meta.message]).toEqual([500, 'Invalid node type']);
  });

  it('answers 401 with statuscode 997 for a wrong password', async () => {
    const response = await ocs('/tables', {}, basicAuth('alice', 'wrong'));

    expect(response.status).toBe(401);
    expect(((await response.json()) as { ocs: { meta: { statuscode: number } } }).ocs.meta.statuscode).toBe(997);
  });
});

describe('tables double: REST API 1', () => {
  it('pages rows by limit and offset', async () => {
    const response = await rest(`/tables/${books()}/rows?limit=2&offset=1`);

    const rows = (await response.json()) as Row[];
    expect(rows.map((row) => row.data[0]?.value)).toEqual(['Emma', 'Ulysses']);
  });

  it('lists rows/simple as column titles followed by values', async () => {
    const response = await rest(`/tables/${books()}/rows/simple`);

    const [titles, first] = (await response.json()) as unknown[][];
    expect([titles, first]).toEqual([
      ['Title', 'Pages'],
      ['Dune', 412],
    ]);
  });

  it('answers a foreign table with 404 and an empty body', async () => {
    const response = await rest(`/tables/${books()}/rows`, {}, BOB);

    expect([response.status, await response.text()]).toEqual([404, '']);
  });

  it('answers a foreign row with 403 {message}', async () => {
    const bobsRow = tables.rowsOf(tables.tableId('Private'))[0]!;

    const response = await rest(`/rows/${bobsRow.id}`);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a value for an unknown column with 500', async () => {
    const response = await rest(`/tables/${books()}/rows`, {
      method: 'POST',
      body: JSON.stringify({ data: { 999: 'x' } }),
    });

    expect(response.status).toBe(500);
  });

  it('updates a row partially: other columns keep their values', async () => {
    const row = await createRow({ 1: 'Kim', 2: 300 });

    await rest(`/rows/${row.id}`, { method: 'PUT', body: JSON.stringify({ data: { 2: 320 } }) });

    const stored = tables.rowsOf(books()).find((r) => r.id === row.id);
    expect(stored?.data).toEqual([
      { columnId: 1, value: 'Kim' },
      { columnId: 2, value: 320 },
    ]);
  });

  it('deletes a row with 200 and the deleted row, and answers deleting it again with 500', async () => {
    const row = await createRow({ 1: 'Gone' });

    const first = await rest(`/rows/${row.id}`, { method: 'DELETE' });
    const again = await rest(`/rows/${row.id}`, { method: 'DELETE' });

    expect([first.status, ((await first.json()) as Row).id]).toEqual([200, row.id]);
    expect(again.status).toBe(500);
  });

  it('answers 401 without credentials', async () => {
    const response = await fetch(`${double.url}/index.php/apps/tables/api/1/tables/1/columns`);

    expect(response.status).toBe(401);
  });
});
