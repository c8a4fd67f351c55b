// Tools of Nextcloud's unified search: list the search providers, and search many of them at once with a
// per-provider time limit, naming the providers that did not answer.
import { z } from 'zod';
import { InvalidInputError } from '../../errors.js';
import { listSearchProviders } from '../../platform/unified-search/providers.js';
import { searchAllProviders } from '../../platform/unified-search/all-providers-search.js';
import { idsOfHit } from '../../platform/unified-search/hit-ids.js';
import { readCalendarHitUids } from '../../platform/unified-search/calendar-hit-uids.js';
import { readDeckCardPlaces } from '../../platform/unified-search/deck-hit-places.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { READ_ONLY } from './tool-shapes.js';

export const listProvidersTool = defineTool({
  name: 'nc_search_providers',
  app: 'search',
  title: 'Search providers',
  description: 'Lists the unified search providers.',
  input: z.object({}),
  output: z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const providers = await listSearchProviders(nextcloud);
    return { providers: providers.map((p) => ({ id: p.id, name: p.name })) };
  },
  summarize: (result) => `Search providers: ${result.providers.map((p) => `${p.name} (${p.id})`).join(', ')}.`,
});

export const searchQueryTool = defineTool({
  name: 'nc_search_query',
  app: 'search',
  title: 'Search Nextcloud',
  description: 'Searches all providers, or those of provider_ids, at once. Each hit carries the ids our tools take.',
  input: z.object({
    query: z.string(),
    provider_ids: z.array(z.string()).optional(),
    limit_per_provider: z.number().int().min(1).max(50).default(10),
    timeout_ms: z.number().int().min(200).max(15_000).default(4_000),
    cursor: z.string().optional(),
  }),
  output: z.object({
    results: z.array(
      z.object({
        provider_id: z.string(),
        title: z.string(),
        subline: z.string(),
        url: z.string(),
        ids: z.record(z.string(), z.union([z.string(), z.number()])),
        ids_missing: z.string().optional(),
      }),
    ),
    next_cursors: z.record(z.string(), z.string()),
    failed: z.record(z.string(), z.string()),
  }),
  annotations: READ_ONLY,
  async run({ query, provider_ids, limit_per_provider, timeout_ms, cursor }, { nextcloud }) {
    const term = query.trim();
    if (term === '' || term.length > 200) throw new InvalidInputError('query must be 1 to 200 characters.');
    const providerIds = provider_ids && [...new Set(provider_ids)];
    if (providerIds?.some((id) => !/^[A-Za-z0-9._-]{1,64}$/.test(id)) || (providerIds?.length ?? 0) > 30) {
      throw new InvalidInputError('provider_ids are up to 30 ids from nc_search_providers.');
    }
    if (cursor !== undefined && (providerIds?.length !== 1 || cursor.length > 200)) {
      throw new InvalidInputError('A cursor belongs to one provider: name exactly that provider in provider_ids.');
    }
    const result = await searchAllProviders(nextcloud, {
      term,
      providerIds,
      limitPerProvider: limit_per_provider,
      cursor,
      timeoutMs: timeout_ms,
    });
    const linked = result.entries.map((entry) => idsOfHit(entry.providerId, entry));
    // Each reads what its own hits lack, side by side within the search's time limit.
    const [withUids, withPlaces] = await Promise.all([
      readCalendarHitUids(nextcloud, linked, { timeoutMs: timeout_ms }),
      readDeckCardPlaces(nextcloud, linked, { timeoutMs: timeout_ms }),
    ]);
    const hitIds = linked.map((hit, index) => (hit.deckCardId === undefined ? withUids : withPlaces)[index]!);
    return {
      results: result.entries.map((entry, index) => {
        const { ids, missing } = hitIds[index]!;
        return {
          provider_id: entry.providerId,
          title: entry.title,
          subline: entry.subline,
          url: entry.resourceUrl,
          ids,
          ...(missing === undefined ? {} : { ids_missing: missing }),
        };
      }),
      next_cursors: result.nextCursors,
      failed: result.failed,
    };
  },
  summarize: (result) => {
    const found = result.results.map((r) => `${r.title} (${r.provider_id}${idsText(r.ids)})`).join(', ');
    const failed = Object.entries(result.failed).map(([id, reason]) => `${id} ${reason.replace('_', ' ')}`);
    return `${result.results.length} results${found ? `: ${found}` : ''}.${
      failed.length > 0 ? ` No answer from: ${failed.join(', ')}.` : ''
    }`;
  },
});

function idsText(ids: Record<string, string | number>): string {
  return Object.entries(ids)
    .map(([name, value]) => `, ${name} ${value}`)
    .join('');
}

export const SEARCH_TOOLS: ToolDefinition[] = [listProvidersTool, searchQueryTool];
