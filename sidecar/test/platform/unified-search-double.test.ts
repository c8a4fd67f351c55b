// The unified search double answers as Nextcloud's unified search does (docs/nextcloud-behaviour.md, "Unified search").
// Facts, one test each: GET /providers lists {id, appId, name, icon, order, isExternalProvider, triggers, filters,
// inAppSearch} · `?from=/apps/notes` reorders · GET …/providers/{id}/search?term&limit&cursor → {name, isPaginated,
// entries:[{title, subline, resourceUrl, thumbnailUrl, icon, rounded, attributes}], cursor}, attributes {fileId, path}
// for files and [] for most · the returned cursor pages on · a missing or blank term → 400, data "No valid filters
// provided" · an unknown provider id → 500, statuscode 996, message "Internal Server Error\n". Test knobs: a slow or
// failing provider. The full-text search app as one more provider is an unverified extension (read from its code).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullTextSearchProvider } from '../../../test/platform/apps/unified-search/full-text-search-provider.js';
import { createUnifiedSearchDouble, type UnifiedSearchDouble } from '../../../test/platform/apps/unified-search.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';

const AUTH = `Basic ${Buffer.from('alice:AAAAA-AAAAA-AAAAA-AAAAA-AAAAA').toString('base64')}`;
let double: PlatformDouble;
let search: UnifiedSearchDouble;
type Envelope<T> = { ocs: { data: T } };
type Entry = { title: string; attributes: unknown; rounded: boolean };
type Results = { name: string; isPaginated: boolean; entries: Entry[]; cursor: number | null };

beforeAll(async () => {
  search = createUnifiedSearchDouble({
    providers: [
      {
        id: 'files',
        name: 'Files',
        order: 5,
        paginated: true,
        entries: ['budget 1', 'budget 2', 'budget 3'].map((title, i) => ({
          title,
          subline: '/Docs',
          attributes: { fileId: String(10 + i), path: `/Docs/${title}` },
        })),
      },
      { id: 'notes', name: 'Notes', order: 20, entries: [{ title: 'Budget ideas' }, { title: 'Shopping' }] },
      fullTextSearchProvider([{ providerId: 'files', title: 'plan.odt', excerpt: 'the budget', link: '/f/5' }], 30),
    ],
  });
  double = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] }],
    apps: [search],
  });
});
afterAll(() => double.close());

const get = (path: string) =>
  fetch(`${double.url}/ocs/v2.php/search/providers${path}`, {
    headers: { authorization: AUTH, 'ocs-apirequest': 'true', accept: 'application/json' },
  });
const dataOf = async <T>(response: Response) => ((await response.json()) as Envelope<T>).ocs.data;

describe('unified search double: providers', () => {
  it('lists the providers with Nextcloud’s fields, in their order', async () => {
    const providers = await dataOf<Record<string, unknown>[]>(await get(''));

    expect(providers.map((p) => p.id)).toEqual(['files', 'notes', 'fulltextsearch']);
    expect(Object.keys(providers[0]!).sort()).toEqual(
      ['appId', 'filters', 'icon', 'id', 'inAppSearch', 'isExternalProvider', 'name', 'order', 'triggers'].sort(),
    );
  });

  it('moves the current app’s providers first with ?from=/apps/notes', async () => {
    const providers = await dataOf<{ id: string }[]>(await get('?from=/apps/notes'));

    expect(providers.map((p) => p.id)).toEqual(['notes', 'files', 'fulltextsearch']);
  });
});

describe('unified search double: search', () => {
  it('answers {name, isPaginated, entries, cursor} and pages on with the cursor', async () => {
    const first = await dataOf<Results>(await get('/files/search?term=budget&limit=2'));
    const second = await dataOf<Results>(await get(`/files/search?term=budget&limit=2&cursor=${first.cursor}`));

    expect(first).toMatchObject({ name: 'Files', isPaginated: true, cursor: 2 });
    expect([...first.entries, ...second.entries].map((e) => e.title)).toEqual(['budget 1', 'budget 2', 'budget 3']);
  });

  it('gives files entries {fileId, path} attributes and most others []', async () => {
    const [files, notes] = await Promise.all([
      dataOf<Results>(await get('/files/search?term=budget&limit=1')),
      dataOf<Results>(await get('/notes/search?term=budget')),
    ]);

    expect(files.entries[0]).toMatchObject({ attributes: { fileId: '10', path: '/Docs/budget 1' }, rounded: false });
    expect(notes.entries[0]?.attributes).toEqual([]);
  });

  it('answers without a term with 400 and "No valid filters provided"', async () => {
    const response = await get('/notes/search');

    expect(response.status).toBe(400);
    expect(await dataOf(response)).toBe('No valid filters provided');
  });

  it('answers an unknown provider id with 500, statuscode 996 and "Internal Server Error\\n"', async () => {
    const response = await get('/nope/search?term=x');

    expect(response.status).toBe(500);
    expect(((await response.json()) as { ocs: { meta: unknown } }).ocs.meta).toMatchObject({
      statuscode: 996,
      message: 'Internal Server Error\n',
    });
  });

  it('delays and fails a provider on request (test knobs)', async () => {
    search.setDelay('notes', 300);
    search.setFailure('files', 503);
    const started = Date.now();

    const [slow, failing] = await Promise.all([get('/notes/search?term=x'), get('/files/search?term=x')]);

    search.setDelay('notes', 0);
    search.setFailure('files', null);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect([slow.status, failing.status]).toEqual([200, 503]);
  });

  // unverified: the full-text search provider's answer (source: nextcloud/fulltextsearch
  // lib/Search/UnifiedSearchProvider.php).
  it('answers the full-text search app as one more paginated provider, "(app) excerpt" over the title', async () => {
    const answer = await dataOf<Results & { entries: { subline: string; resourceUrl: string }[] }>(
      await get('/fulltextsearch/search?term=budget&limit=5'),
    );

    expect(answer).toMatchObject({ name: 'Full Text Search', isPaginated: true });
    expect(answer.entries[0]).toMatchObject({ title: '(files) the budget', subline: 'plan.odt', resourceUrl: '/f/5' });
  });
});
