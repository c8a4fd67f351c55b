// The unified search tools through the SDK client: providers searched in parallel, slow, failing and unknown ones
// named (Nextcloud answers an unknown provider with 500, like a broken one), one provider paged with its cursor.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUnifiedSearchDouble, type UnifiedSearchDouble } from '../../../test/platform/apps/unified-search.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type Answer = {
  results: { provider_id: string; title: string; url: string }[];
  next_cursors: Record<string, string>;
  failed: Record<string, string>;
};

let search: UnifiedSearchDouble;
let harness: ToolHarness;

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
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [search] });
});
afterEach(() => {
  for (const id of ['files', 'notes', 'deck', 'calendar']) {
    search.setDelay(id, 0);
    search.setFailure(id, null);
  }
});
afterAll(() => harness.close());

const query = async (args: Record<string, unknown>) => structured<Answer>(await harness.call('nc_search_query', args));

describe('nc_search_providers', () => {
  it('lists the providers in Nextcloud’s order', async () => {
    const result = await harness.call('nc_search_providers');

    expect(structured(result)).toEqual({
      providers: [
        { id: 'files', name: 'Files' },
        { id: 'notes', name: 'Notes' },
        { id: 'deck', name: 'Deck' },
        { id: 'calendar', name: 'Events' },
      ],
    });
  });
});

describe('nc_search_query', () => {
  it('searches every provider for query and merges the results in provider order', async () => {
    const answer = await query({ query: 'budget', limit_per_provider: 2 });

    expect(answer.results.map((r) => [r.provider_id, r.title])).toEqual([
      ['files', 'budget-1.ods'],
      ['files', 'budget-2.ods'],
      ['notes', 'Budget 2025'],
      ['deck', 'Budget review card'],
      ['calendar', 'Budget meeting'],
    ]);
    expect(answer.failed).toEqual({});
    expect(search.queries('notes').at(-1)?.get('term')).toBe('budget');
    expect(search.queries('notes').at(-1)?.get('limit')).toBe('2');
  });

  it('names a slow provider in failed while the others answer in time', async () => {
    search.setDelay('deck', 5_000);
    const started = Date.now();

    const answer = await query({ query: 'budget', timeout_ms: 500 });

    expect(Date.now() - started).toBeLessThan(3_000);
    expect(answer.failed).toEqual({ deck: 'timed_out' });
    expect(new Set(answer.results.map((r) => r.provider_id))).toEqual(new Set(['files', 'notes', 'calendar']));
  });

  it('names a failing provider and still returns the others', async () => {
    search.setFailure('calendar', 500);

    const answer = await query({ query: 'budget', provider_ids: ['notes', 'calendar'] });

    expect(answer.results.map((r) => r.title)).toEqual(['Budget 2025']);
    expect(answer.failed).toEqual({ calendar: 'failed' });
  });

  it('tells an unknown provider (Nextcloud: 500) from a failing one', async () => {
    const answer = await query({ query: 'budget', provider_ids: ['notes', 'nonexistent'] });

    expect(answer.failed).toEqual({ nonexistent: 'unknown' });
    expect(answer.results).toHaveLength(1);
  });

  it('pages one provider with its next cursor', async () => {
    const first = await query({ query: 'budget', provider_ids: ['files'], limit_per_provider: 3 });
    const cursor = first.next_cursors.files;

    const second = await query({ query: 'budget', provider_ids: ['files'], limit_per_provider: 3, cursor });

    expect(cursor).toBe('3');
    expect([...first.results, ...second.results].map((r) => r.title)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `budget-${n}.ods`),
    );
  });

  it('refuses a blank query, a cursor without exactly one provider, and a timeout out of bounds', async () => {
    const [blank, cursor, timeout] = await Promise.all([
      harness.call('nc_search_query', { query: '  ' }),
      harness.call('nc_search_query', { query: 'budget', cursor: '3' }),
      harness.call('nc_search_query', { query: 'budget', timeout_ms: 600_000 }),
    ]);

    expect(errorText(blank)).toContain('query must be 1 to 200 characters');
    expect(errorText(cursor)).toContain('A cursor belongs to one provider');
    expect(errorText(timeout)).toContain('timeout_ms');
  });
});

describe('search tools availability', () => {
  it('lists the search tools without any capability entry, as search is part of Nextcloud', async () => {
    const { tools } = await harness.client.listTools();

    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['nc_search_providers', 'nc_search_query']));
  });
});
