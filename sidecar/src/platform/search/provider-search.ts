// One unified search provider's answer to a term: its entries and, for paginated providers, the next cursor.
import { InvalidInputError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { searchPaths } from './search-paths.js';

export interface SearchEntry {
  title: string;
  subline: string;
  resourceUrl: string;
  thumbnailUrl: string;
  icon: string;
  attributes: Record<string, string>;
}

export interface ProviderResults {
  name: string;
  isPaginated: boolean;
  entries: SearchEntry[];
  /** What to pass as `cursor` for the next page; null when the provider is not paginated. */
  cursor: string | null;
}

/** Throws InvalidInputError when Nextcloud refuses the search (unknown provider, empty term). */
export async function searchProvider(
  client: NextcloudClient,
  providerId: string,
  query: { term: string; limit: number; cursor?: string; timeoutMs: number },
): Promise<ProviderResults> {
  const response = await client.request(searchPaths.providerSearch(providerId), {
    query: { term: query.term, limit: String(query.limit), ...(query.cursor ? { cursor: query.cursor } : {}) },
    timeoutMs: query.timeoutMs,
    accept: [400],
  });
  if (response.status === 400) throw new InvalidInputError(`Nextcloud has no search provider ${providerId}.`);
  const data = ((response.json() as { ocs?: { data?: unknown } } | null)?.ocs?.data ?? {}) as Record<string, unknown>;
  const entries = Array.isArray(data.entries) ? data.entries : [];
  return {
    name: String(data.name ?? providerId),
    isPaginated: data.isPaginated === true,
    entries: entries.map(toEntry),
    cursor: data.isPaginated === true && data.cursor !== null && data.cursor !== undefined ? String(data.cursor) : null,
  };
}

function toEntry(raw: unknown): SearchEntry {
  const entry = (raw ?? {}) as Record<string, unknown>;
  const attributes = entry.attributes && typeof entry.attributes === 'object' ? entry.attributes : {};
  return {
    title: String(entry.title ?? ''),
    subline: String(entry.subline ?? ''),
    resourceUrl: String(entry.resourceUrl ?? ''),
    thumbnailUrl: String(entry.thumbnailUrl ?? ''),
    icon: String(entry.icon ?? ''),
    attributes: Object.fromEntries(
      Object.entries(attributes as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
    ),
  };
}
