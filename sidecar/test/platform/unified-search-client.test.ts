// The platform's unified search client against the double (docs/nextcloud-behaviour.md, "Unified search"): one
// provider paged with its cursor and the files provider's attributes read; Nextcloud's refusals (400 for a blank term,
// 500 with statuscode 996 for an unknown provider) reaching the caller as errors; many providers asked in parallel
// with a slow one reported as timed out, the whole search held to its deadline, providers excluded or beyond the
// limit named as skipped.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fullTextSearchProvider } from '../../../test/platform/apps/unified-search/full-text-search-provider.js';
import { createUnifiedSearchDouble, type UnifiedSearchDouble } from '../../../test/platform/apps/unified-search.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { InvalidInputError, UpstreamError } from '../../src/errors.js';
import { createHttpClient, type HttpClient } from '../../src/net/http-client.js';
import { createNextcloudClient, type NextcloudClient } from '../../src/platform/nextcloud-client.js';
import { searchAllProviders } from '../../src/platform/unified-search/all-providers-search.js';
import { searchProvider } from '../../src/platform/unified-search/provider-search.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const PROVIDERS = ['files', 'notes', 'deck', 'mcp_companion_knowledge', 'fulltextsearch'];
let double: PlatformDouble;
let search: UnifiedSearchDouble;
let http: HttpClient;
let client: NextcloudClient;

beforeAll(async () => {
  search = createUnifiedSearchDouble({
    providers: [
      {
        id: 'files',
        name: 'Files',
        order: 5,
        paginated: true,
        entries: [1, 2, 3].map((n) => ({
          title: `budget-${n}.ods`,
          subline: 'in Documents',
          resourceUrl: `/index.php/f/${n}`,
          attributes: { fileId: String(n), path: `/Documents/budget-${n}.ods` },
        })),
      },
      { id: 'notes', name: 'Notes', order: 10, entries: [{ title: 'Budget ideas' }] },
      { id: 'deck', name: 'Deck', order: 20, entries: [{ title: 'Budget card' }] },
      { id: 'mcp_companion_knowledge', name: 'Knowledge search', order: 30, entries: [{ title: 'budget' }] },
      fullTextSearchProvider(
        [{ providerId: 'files', title: 'plan.docx', excerpt: 'budget', link: '/index.php/f/9' }],
        40,
      ),
    ],
  });
  double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [PASSWORD] }], apps: [search] });
  http = createHttpClient({ verifySsl: true, timeoutMs: 5000, userAgent: 'test' });
  client = createNextcloudClient({ http, host: double.url, credentials: { loginName: 'alice', password: PASSWORD } });
});
afterEach(() => {
  for (const id of PROVIDERS) search.setDelay(id, 0);
});
afterAll(async () => {
  await http.close();
  await double.close();
});

describe('searchProvider', () => {
  it('pages a paginated provider with the cursor it answered and reads the files provider’s attributes', async () => {
    const first = await searchProvider(client, 'files', { term: 'budget', limit: 2, timeoutMs: 2000 });
    const second = await searchProvider(client, 'files', {
      term: 'budget',
      limit: 2,
      cursor: first.cursor!,
      timeoutMs: 2000,
    });

    expect(first.cursor).toBe('2');
    expect([...first.entries, ...second.entries].map((e) => e.title)).toEqual([
      'budget-1.ods',
      'budget-2.ods',
      'budget-3.ods',
    ]);
    expect(first.entries[0]!.attributes).toEqual({ fileId: '1', path: '/Documents/budget-1.ods' });
    expect(search.queries('files').at(-1)?.get('cursor')).toBe('2');
  });

  it('answers no cursor and no attributes for a provider that is not paginated', async () => {
    const notes = await searchProvider(client, 'notes', { term: 'budget', limit: 5, timeoutMs: 2000 });

    expect(notes).toMatchObject({ name: 'Notes', cursor: null });
    expect(notes.entries[0]!.attributes).toEqual({});
  });

  it('throws InvalidInputError for a blank term, as Nextcloud answers 400', async () => {
    const refused = searchProvider(client, 'notes', { term: '   ', limit: 5, timeoutMs: 2000 });

    await expect(refused).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('throws an UpstreamError for an unknown provider, as Nextcloud answers 500 with statuscode 996', async () => {
    const refused = searchProvider(client, 'nope', { term: 'budget', limit: 5, timeoutMs: 2000 });

    await expect(refused).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe('searchAllProviders', () => {
  it('names a slow provider timed_out while the others answer within their time limit', async () => {
    search.setDelay('deck', 3000);
    const started = performance.now();

    const result = await searchAllProviders(client, { term: 'budget', limitPerProvider: 5, timeoutMs: 400 });

    expect(performance.now() - started).toBeLessThan(2500);
    expect(result.failed).toEqual({ deck: 'timed_out' });
    expect(new Set(result.entries.map((e) => e.providerId))).toEqual(
      new Set(['files', 'notes', 'mcp_companion_knowledge', 'fulltextsearch']),
    );
  });

  it('holds the whole search to its deadline, cutting each provider’s time limit to fit', async () => {
    search.setDelay('notes', 3000);
    search.setDelay('deck', 3000);
    const started = performance.now();

    const result = await searchAllProviders(client, {
      term: 'budget',
      limitPerProvider: 5,
      timeoutMs: 5000,
      deadlineMs: 500,
    });

    expect(performance.now() - started).toBeLessThan(2500);
    expect(result.failed).toEqual({ notes: 'timed_out', deck: 'timed_out' });
  });

  it('names excluded providers and those beyond the limit as skipped, and asks only the others', async () => {
    const before = search.queries('mcp_companion_knowledge').length;

    const result = await searchAllProviders(client, {
      term: 'budget',
      limitPerProvider: 1,
      timeoutMs: 2000,
      excludeProviderIds: ['mcp_companion_knowledge'],
      maxProviders: 2,
    });

    expect(result.asked).toEqual(['files', 'notes']);
    expect(result.skipped).toEqual({
      deck: 'over_limit',
      mcp_companion_knowledge: 'excluded',
      fulltextsearch: 'over_limit',
    });
    expect(result.entries.map((e) => [e.providerId, e.providerName, e.title])).toEqual([
      ['files', 'Files', 'budget-1.ods'],
      ['notes', 'Notes', 'Budget ideas'],
    ]);
    expect(search.queries('mcp_companion_knowledge')).toHaveLength(before);
  });

  it('names a provider the user does not have as unknown, not as failed', async () => {
    const result = await searchAllProviders(client, {
      term: 'budget',
      providerIds: ['notes', 'nope'],
      limitPerProvider: 5,
      timeoutMs: 2000,
    });

    expect(result.failed).toEqual({ nope: 'unknown' });
    expect(result.entries.map((e) => e.title)).toEqual(['Budget ideas']);
  });
});
