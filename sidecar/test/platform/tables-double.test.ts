// The Tables double answers as docs/nextcloud-behaviour.md says Tables 1.0 does, one test per fact: OCS API 2 for
// tables, columns and new rows, REST API 1 for rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const ALICE = basicAuth('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
const BOB = basicAuth('bob', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB');
const CAROL = basicAuth('carol', 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC');
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
      { id: 'carol', appPasswords: ['CCCCC-CCCCC-CCCCC-CCCCC-CCCCC'] },
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
  it('publishes the tables capability with API versions 1.0, 2.0 and 2.1 and the features favorite and archive', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, {
      headers: { authorization: ALICE, 'ocs-apirequest': 'true' },
    });

    const body = (await response.json()) as { ocs: { data: { capabilities: { tables: Record<string, unknown> } } } };
    const capability = body.ocs.data.capabilities.tables;
    expect(Object.keys(capability).sort()).toEqual(
      ['apiVersions', 'column_types', 'enabled', 'features', 'isCirclesEnabled', 'version'].sort(),
    );
    expect([capability.apiVersions, capability.features]).toEqual([
      ['1.0', '2.0', '2.1'],
      ['favorite', 'archive'],
    ]);
  });

  it('makes the welcome table with emoji 🚀, 4 columns, 7 rows and one view', async () => {
    const response = await ocs('/tables', {}, CAROL);

    const [welcome] = ((await response.json()) as { ocs: { data: Record<string, unknown>[] } }).ocs.data;
    expect(welcome).toMatchObject({
      title: 'Welcome to Nextcloud Tables!',
      emoji: '🚀',
      columnsCount: 4,
      rowsCount: 7,
    });
    expect(welcome?.views).toHaveLength(1);
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

  it('has no row list: GET /tables/{id}/rows answers 405 with an empty body, for a missing table too', async () => {
    const [books405, missing405] = await Promise.all([ocs(`/tables/${books()}/rows`), ocs('/tables/999/rows')]);

    expect([books405.status, await books405.text(), missing405.status]).toEqual([405, '', 405]);
  });

  it('answers a created row with createdBy, createdAt, lastEditBy and lastEditAt null', async () => {
    const response = await ocs(`/tables/${books()}/rows`, {
      method: 'POST',
      body: JSON.stringify({ data: { 1: 'X' } }),
    });

    const row = ((await response.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
    expect([row.createdBy, row.createdAt, row.lastEditBy, row.lastEditAt]).toEqual([null, null, null, null]);
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

  it('answers a typed column creation without baseNodeType with 500 "Internal Server Error\\n"', async () => {
    const response = await ocs('/columns/text', {
      method: 'POST',
      body: JSON.stringify({ baseNodeId: books(), title: 'Notes' }),
    });

    const body = (await response.json()) as { ocs: { meta: { message: string } } };
    expect([response.status, body.ocs.meta.message]).toEqual([500, 'Internal Server Error\n']);
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

  it('lists rows/simple as column titles followed by values, a missing value as ""', async () => {
    await createRow({ 1: 'No pages' });

    const response = await rest(`/tables/${books()}/rows/simple`);

    const [titles, first, ...others] = (await response.json()) as unknown[][];
    expect([titles, first]).toEqual([
      ['Title', 'Pages'],
      ['Dune', 412],
    ]);
    expect(others).toContainEqual(['No pages', '']);
  });

  it('answers the columns of a missing or foreign table with 403 "no read access to table id = {id}"', async () => {
    const foreign = tables.tableId('Private');

    const [theirs, missing] = await Promise.all([rest(`/tables/${foreign}/columns`), rest('/tables/999/columns')]);

    expect([theirs.status, await theirs.json()]).toEqual([403, { message: `no read access to table id = ${foreign}` }]);
    expect([missing.status, await missing.json()]).toEqual([403, { message: 'no read access to table id = 999' }]);
  });

  it('answers a foreign table with 404 and an empty body', async () => {
    const response = await rest(`/tables/${books()}/rows`, {}, BOB);

    expect([response.status, await response.text()]).toEqual([404, '']);
  });

  it('answers GET of a foreign row with 403 "PermissionError: can not read row with id {id}"', async () => {
    const bobsRow = tables.rowsOf(tables.tableId('Private'))[0]!;

    const response = await rest(`/rows/${bobsRow.id}`);

    expect([response.status, await response.json()]).toEqual([
      403,
      { message: `PermissionError: can not read row with id ${bobsRow.id}` },
    ]);
  });

  it('answers PUT of a foreign row with 404 and an empty body', async () => {
    const bobsRow = tables.rowsOf(tables.tableId('Private'))[0]!;

    const response = await rest(`/rows/${bobsRow.id}`, { method: 'PUT', body: JSON.stringify({ data: { 1: 'x' } }) });

    expect([response.status, await response.text()]).toEqual([404, '']);
  });

  it('answers DELETE of a foreign row with 404 "…RowService - delete: Row not found."', async () => {
    const bobsRow = tables.rowsOf(tables.tableId('Private'))[0]!;

    const response = await rest(`/rows/${bobsRow.id}`, { method: 'DELETE' });

    const body = (await response.json()) as { message: string };
    expect([response.status, body.message]).toEqual([
      404,
      expect.stringMatching(/RowService - delete: Row not found\.$/),
    ]);
  });

  it('answers GET of an unknown row with 404 "…Did expect one result…"', async () => {
    const response = await rest('/rows/987654');

    const body = (await response.json()) as { message: string };
    expect([response.status, body.message]).toEqual([404, expect.stringContaining('Did expect one result')]);
  });

  it('answers a value for an unknown column with 500 "Column with id … is not part of table with id …"', async () => {
    const response = await rest(`/tables/${books()}/rows`, {
      method: 'POST',
      body: JSON.stringify({ data: { 999999: 'x' } }),
    });

    expect([response.status, await response.json()]).toEqual([
      500,
      { message: `Column with id 999999 is not part of table with id ${books()}` },
    ]);
  });

  it('answers data that is a list with 500 "Column with id 0 is not part of table with id …"', async () => {
    const response = await rest(`/tables/${books()}/rows`, { method: 'POST', body: JSON.stringify({ data: [1, 2] }) });

    expect([response.status, await response.json()]).toEqual([
      500,
      { message: `Column with id 0 is not part of table with id ${books()}` },
    ]);
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
