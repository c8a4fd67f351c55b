// The Tables double answers as Tables 0.8 does: OCS API 2 for tables, REST API 1 for columns and rows.
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
      { title: 'Private', owner: 'bob', columns: [{ title: 'Note', type: 'text' }] },
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

const ocs = (path: string, auth = ALICE) =>
  fetch(`${double.url}/ocs/v2.php/apps/tables/api/2${path}`, {
    headers: { authorization: auth, 'ocs-apirequest': 'true', accept: 'application/json' },
  });
const rest = (path: string, init: RequestInit = {}, auth = ALICE) =>
  fetch(`${double.url}/index.php/apps/tables/api/1${path}`, {
    ...init,
    headers: { authorization: auth, 'content-type': 'application/json', ...init.headers },
  });

describe('tables double: OCS API 2', () => {
  it('lists only the tables of the signed-in user in an OCS envelope', async () => {
    const response = await ocs('/tables');

    const body = (await response.json()) as { ocs: { data: { title: string; rowsCount: number }[] } };
    expect(response.status).toBe(200);
    expect(body.ocs.data).toEqual([expect.objectContaining({ title: 'Books', rowsCount: 3, columnsCount: 2 })]);
  });

  it("answers 403 for another user's table and 404 for a missing one", async () => {
    const [forbidden, missing] = await Promise.all([ocs(`/tables/${tables.tableId('Private')}`), ocs('/tables/999')]);

    expect(forbidden.status).toBe(403);
    expect(missing.status).toBe(404);
  });

  it('answers 401 with statuscode 997 without credentials', async () => {
    const response = await ocs('/tables', basicAuth('alice', 'wrong'));

    expect(response.status).toBe(401);
    expect(((await response.json()) as { ocs: { meta: { statuscode: number } } }).ocs.meta.statuscode).toBe(997);
  });
});

describe('tables double: REST API 1', () => {
  it('pages rows by limit and offset', async () => {
    const response = await rest(`/tables/${tables.tableId('Books')}/rows?limit=2&offset=1`);

    const rows = (await response.json()) as { data: { value: unknown }[] }[];
    expect(rows.map((row) => row.data[0]?.value)).toEqual(['Emma', 'Ulysses']);
  });

  it('refuses a value for a column of another table with 400 and a message', async () => {
    const response = await rest(`/tables/${tables.tableId('Books')}/rows`, {
      method: 'POST',
      body: JSON.stringify({ data: { 999: 'x' } }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.stringContaining('not part of table') });
  });

  it('creates, updates and deletes a row, with data as column id to value', async () => {
    const tableId = tables.tableId('Books');
    const created = (await (
      await rest(`/tables/${tableId}/rows`, { method: 'POST', body: JSON.stringify({ data: { 1: 'Kim', 2: 300 } }) })
    ).json()) as { id: number };

    await rest(`/rows/${created.id}`, { method: 'PUT', body: JSON.stringify({ data: { 2: 320 } }) });
    const updated = tables.rowsOf(tableId).find((row) => row.id === created.id);
    const deleted = await rest(`/rows/${created.id}`, { method: 'DELETE' });

    expect(updated?.data).toEqual([
      { columnId: 1, value: 'Kim' },
      { columnId: 2, value: 320 },
    ]);
    expect(deleted.status).toBe(200);
    expect(tables.rowsOf(tableId).some((row) => row.id === created.id)).toBe(false);
  });

  it("answers 403 for another user's rows and 401 without credentials", async () => {
    const [forbidden, anonymous] = await Promise.all([
      rest(`/tables/${tables.tableId('Books')}/rows`, {}, BOB),
      fetch(`${double.url}/index.php/apps/tables/api/1/tables/1/columns`),
    ]);

    expect(forbidden.status).toBe(403);
    expect(anonymous.status).toBe(401);
  });
});
