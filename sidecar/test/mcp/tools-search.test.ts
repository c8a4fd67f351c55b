// The unified search tools through the SDK client: providers searched in parallel, slow and failing ones named.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUnifiedSearchDouble, type UnifiedSearchDouble } from '../../../test/platform/apps/unified-search.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from '../support/mcp-client.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

type Client = Awaited<ReturnType<typeof connectClient>>;
type Answer = {
  results: { provider: string; title: string; resource_url: string }[];
  providers: { provider: string; result_count: number; next_cursor: string | null }[];
  failed_providers: { provider: string; reason: string }[];
};

let nextcloud: PlatformDouble;
let search: UnifiedSearchDouble;
let sidecar: TestSidecar;
let mcp: Client;

beforeAll(async () => {
  search = createUnifiedSearchDouble({
    providers: [
      {
        id: 'files',
        name: 'Files',
        order: 5,
        paginated: true,
        entries: [1, 2, 3, 4, 5].map((n) => ({ title: `budget-${n}.ods`, resourceUrl: `/f/${n}` })),
      },
      { id: 'notes', name: 'Notes', order: 10, entries: [{ title: 'Budget 2025', resourceUrl: '/apps/notes/7' }] },
      { id: 'deck', name: 'Deck', order: 20, entries: [{ title: 'Budget review card' }] },
      { id: 'calendar', name: 'Events', order: 30, entries: [{ title: 'Budget meeting' }] },
    ],
  });
  nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [search] });
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
  });
  mcp = await connectClient(`${sidecar.url}/mcp`);
});
afterEach(() => {
  for (const id of ['files', 'notes', 'deck', 'calendar']) {
    search.setDelay(id, 0);
    search.setFailure(id, null);
  }
});
afterAll(async () => {
  await mcp.close();
  await sidecar.stop();
  await nextcloud.close();
});

const call = (name: string, args: Record<string, unknown> = {}) => mcp.client.callTool({ name, arguments: args });
const query = async (args: Record<string, unknown>) =>
  (await call('nc_search_query', args)).structuredContent as Answer;

describe('nc_search_providers', () => {
  it('lists the providers in Nextcloud order', async () => {
    const result = await call('nc_search_providers');

    expect(result.structuredContent).toEqual({
      providers: [
        { provider: 'files', app: 'files', name: 'Files' },
        { provider: 'notes', app: 'notes', name: 'Notes' },
        { provider: 'deck', app: 'deck', name: 'Deck' },
        { provider: 'calendar', app: 'calendar', name: 'Events' },
      ],
    });
  });
});

describe('nc_search_query', () => {
  it('searches every provider and merges the results in provider order', async () => {
    const answer = await query({ term: 'budget', limit_per_provider: 2 });

    expect(answer.results.map((r) => [r.provider, r.title])).toEqual([
      ['files', 'budget-1.ods'],
      ['files', 'budget-2.ods'],
      ['notes', 'Budget 2025'],
      ['deck', 'Budget review card'],
      ['calendar', 'Budget meeting'],
    ]);
    expect(answer.failed_providers).toEqual([]);
    expect(search.queries('notes').at(-1)?.get('limit')).toBe('2');
  });

  it('names a slow provider in failed_providers while the others answer in time', async () => {
    search.setDelay('deck', 5_000);
    const started = Date.now();

    const answer = await query({ term: 'budget', timeout_ms: 500 });

    expect(Date.now() - started).toBeLessThan(3_000);
    expect(answer.failed_providers).toEqual([{ provider: 'deck', reason: 'timed_out' }]);
    expect(new Set(answer.results.map((r) => r.provider))).toEqual(new Set(['files', 'notes', 'calendar']));
  });

  it('names a failing provider and still returns the others', async () => {
    search.setFailure('calendar', 500);

    const answer = await query({ term: 'budget', providers: ['notes', 'calendar'] });

    expect(answer.results.map((r) => r.title)).toEqual(['Budget 2025']);
    expect(answer.failed_providers).toEqual([{ provider: 'calendar', reason: 'failed' }]);
  });

  it('reports an unknown provider as refused', async () => {
    const answer = await query({ term: 'budget', providers: ['notes', 'nonexistent'] });

    expect(answer.failed_providers).toEqual([{ provider: 'nonexistent', reason: 'refused' }]);
    expect(answer.results).toHaveLength(1);
  });

  it('pages one provider with its next_cursor', async () => {
    const first = await query({ term: 'budget', providers: ['files'], limit_per_provider: 3 });
    const cursor = first.providers[0]?.next_cursor;

    const second = await query({ term: 'budget', providers: ['files'], limit_per_provider: 3, cursor });

    expect(cursor).toBe('3');
    expect([...first.results, ...second.results].map((r) => r.title)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `budget-${n}.ods`),
    );
  });

  it('refuses a cursor without exactly one provider, and a timeout out of bounds', async () => {
    const [cursor, timeout] = await Promise.all([
      call('nc_search_query', { term: 'budget', cursor: '3' }),
      call('nc_search_query', { term: 'budget', timeout_ms: 600_000 }),
    ]);

    expect([cursor.isError, timeout.isError]).toEqual([true, true]);
    expect(JSON.stringify(cursor.content)).toContain('A cursor belongs to one provider');
    expect(JSON.stringify(timeout.content)).toContain('timeout_ms');
  });
});

describe('search tools availability', () => {
  it('lists the search tools without any capability entry, as search is part of Nextcloud', async () => {
    const { tools } = await mcp.client.listTools();

    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['nc_search_providers', 'nc_search_query']));
  });
});
