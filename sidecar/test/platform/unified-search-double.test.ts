// The unified search double: the provider list, per-provider search with pagination, and slow or failing providers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnifiedSearchDouble, type UnifiedSearchDouble } from '../../../test/platform/apps/unified-search.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const AUTH = basicAuth('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
let double: PlatformDouble;
let search: UnifiedSearchDouble;
type Envelope<T> = { ocs: { data: T } };
type Results = { name: string; isPaginated: boolean; entries: { title: string }[]; cursor: number | null };

beforeAll(async () => {
  search = createUnifiedSearchDouble({
    providers: [
      {
        id: 'files',
        name: 'Files',
        order: 5,
        paginated: true,
        entries: ['budget 1', 'budget 2', 'budget 3'].map((title) => ({ title, subline: '/Docs' })),
      },
      { id: 'notes', name: 'Notes', order: 20, entries: [{ title: 'Budget ideas' }, { title: 'Shopping' }] },
    ],
  });
  double = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] }],
    apps: [search],
  });
});
afterAll(() => double.close());

const get = (path: string, auth = AUTH) =>
  fetch(`${double.url}/ocs/v2.php/search/providers${path}`, {
    headers: { authorization: auth, 'ocs-apirequest': 'true', accept: 'application/json' },
  });

describe('unified search double', () => {
  it('lists the providers with id, name and order', async () => {
    const body = (await (await get('')).json()) as Envelope<{ id: string; name: string; order: number }[]>;

    expect(body.ocs.data.map((p) => [p.id, p.name, p.order])).toEqual([
      ['files', 'Files', 5],
      ['notes', 'Notes', 20],
    ]);
  });

  it('pages a paginated provider with limit and cursor', async () => {
    const first = ((await (await get('/files/search?term=budget&limit=2')).json()) as Envelope<Results>).ocs.data;
    const second = (
      (await (await get(`/files/search?term=budget&limit=2&cursor=${first.cursor}`)).json()) as Envelope<Results>
    ).ocs.data;

    expect(first).toMatchObject({ name: 'Files', isPaginated: true, cursor: 2 });
    expect([...first.entries, ...second.entries].map((e) => e.title)).toEqual(['budget 1', 'budget 2', 'budget 3']);
  });

  it('answers a non-paginated provider with every match and a null cursor', async () => {
    const data = ((await (await get('/notes/search?term=budget')).json()) as Envelope<Results>).ocs.data;

    expect(data).toMatchObject({
      isPaginated: false,
      cursor: null,
      entries: [expect.objectContaining({ title: 'Budget ideas' })],
    });
  });

  it('answers 400 for an unknown provider and for an empty term', async () => {
    const [unknown, empty] = await Promise.all([get('/nope/search?term=x'), get('/notes/search?term=')]);

    expect([unknown.status, empty.status]).toEqual([400, 400]);
  });

  it('delays and fails a provider on request', async () => {
    search.setDelay('notes', 300);
    search.setFailure('files', 503);
    const started = Date.now();

    const [slow, failing] = await Promise.all([get('/notes/search?term=x'), get('/files/search?term=x')]);

    search.setDelay('notes', 0);
    search.setFailure('files', null);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect([slow.status, failing.status]).toEqual([200, 503]);
  });
});
