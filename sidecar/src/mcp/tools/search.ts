// Tools of Nextcloud's unified search: list the search providers, and search many of them at once with a
// per-provider time limit, naming the providers that did not answer.
import { z } from 'zod';
import { InvalidInputError } from '../../errors.js';
import { listSearchProviders } from '../../platform/search/providers.js';
import { searchAllProviders } from '../../platform/search/unified-search.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const PROVIDER_ID = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a provider id from nc_search_providers');

export const listProvidersTool = defineTool({
  name: 'nc_search_providers',
  app: 'search',
  title: 'Search providers',
  description: 'Lists the unified search providers of the account (files, notes, deck, calendar and others).',
  input: z.object({}),
  output: z.object({ providers: z.array(z.object({ provider: z.string(), app: z.string(), name: z.string() })) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const providers = await listSearchProviders(nextcloud);
    return { providers: providers.map((p) => ({ provider: p.id, app: p.appId, name: p.name })) };
  },
  summarize: (result) => `Search providers: ${result.providers.map((p) => `${p.name} (${p.provider})`).join(', ')}.`,
});

export const searchQueryTool = defineTool({
  name: 'nc_search_query',
  app: 'search',
  title: 'Search Nextcloud',
  description:
    'Searches the chosen unified search providers, or all of them, in parallel and merges the results. Providers that time out or fail are listed in failed_providers.',
  input: z.object({
    term: z.string().trim().min(1).max(200),
    providers: z.array(PROVIDER_ID).min(1).max(30).optional().describe('Provider ids, all providers when absent'),
    limit_per_provider: z.number().int().min(1).max(50).default(10),
    timeout_ms: z
      .number()
      .int()
      .min(200)
      .max(15_000)
      .default(4_000)
      .describe('How long each provider may take, in milliseconds'),
    cursor: z
      .string()
      .max(200)
      .optional()
      .describe('next_cursor of an earlier answer, with exactly that one provider in providers'),
  }),
  output: z.object({
    term: z.string(),
    results: z.array(
      z.object({
        provider: z.string(),
        provider_name: z.string(),
        title: z.string(),
        subline: z.string(),
        resource_url: z.string(),
        thumbnail_url: z.string(),
        icon: z.string(),
        attributes: z.record(z.string(), z.string()),
      }),
    ),
    providers: z.array(
      z.object({
        provider: z.string(),
        name: z.string(),
        result_count: z.number(),
        next_cursor: z.string().nullable(),
      }),
    ),
    failed_providers: z.array(z.object({ provider: z.string(), reason: z.enum(['timed_out', 'failed', 'refused']) })),
  }),
  annotations: READ_ONLY,
  async run({ term, providers, limit_per_provider, timeout_ms, cursor }, { nextcloud }) {
    if (cursor !== undefined && providers?.length !== 1) {
      throw new InvalidInputError('A cursor belongs to one provider: name exactly that provider in providers.');
    }
    const result = await searchAllProviders(nextcloud, {
      term,
      providerIds: providers && [...new Set(providers)],
      limitPerProvider: limit_per_provider,
      cursor,
      timeoutMs: timeout_ms,
    });
    return {
      term,
      results: result.entries.map((entry) => ({
        provider: entry.providerId,
        provider_name: entry.providerName,
        title: entry.title,
        subline: entry.subline,
        resource_url: entry.resourceUrl,
        thumbnail_url: entry.thumbnailUrl,
        icon: entry.icon,
        attributes: entry.attributes,
      })),
      providers: result.providers.map((p) => ({
        provider: p.id,
        name: p.name,
        result_count: p.resultCount,
        next_cursor: p.nextCursor,
      })),
      failed_providers: result.failed.map((f) => ({ provider: f.id, reason: f.reason })),
    };
  },
  summarize: (result) => {
    const found = result.results.map((r) => `${r.title} (${r.provider_name})`).join(', ');
    const failed = result.failed_providers.map((f) => `${f.provider} ${f.reason.replace('_', ' ')}`).join(', ');
    return `${result.results.length} results for "${result.term}"${found ? `: ${found}` : ''}.${
      failed ? ` No answer from: ${failed}.` : ''
    }`;
  },
});

export const SEARCH_TOOLS: ToolDefinition[] = [listProvidersTool, searchQueryTool];
