// One unified search provider's answer to a term: its entries and, for paginated providers, the next cursor.
import type { NextcloudClient } from '../nextcloud-client.js';
import { searchPaths } from './search-paths.js';

export interface SearchEntry {
  title: string;
  subline: string;
  resourceUrl: string;
  /**
   * The entry's attributes as text: `{fileId, path}` for the files provider, empty for most (Nextcloud sends PHP's
   * empty array `[]` there; docs/nextcloud-behaviour.md, "Unified search").
   */
  attributes: Record<string, string>;
}

export interface ProviderResults {
  name: string;
  entries: SearchEntry[];
  /** What to pass as `cursor` for the next page; null when the provider is not paginated. */
  cursor: string | null;
}

/** Nextcloud answers a blank term with 400 and an unknown provider id with 500; both reach the caller as errors. */
export async function searchProvider(
  client: NextcloudClient,
  providerId: string,
  query: { term: string; limit: number; cursor?: string; timeoutMs: number },
): Promise<ProviderResults> {
  const data = await client.requestJson<Record<string, unknown> | null>(searchPaths.providerSearch(providerId), {
    query: { term: query.term, limit: String(query.limit), ...(query.cursor ? { cursor: query.cursor } : {}) },
    timeoutMs: query.timeoutMs,
  });
  const entries = Array.isArray(data?.entries) ? data.entries : [];
  const paginated = data?.isPaginated === true && data.cursor !== null && data.cursor !== undefined;
  return {
    name: String(data?.name ?? providerId),
    entries: entries.map(toEntry),
    cursor: paginated ? String(data.cursor) : null,
  };
}

function toEntry(raw: unknown): SearchEntry {
  const entry = (raw ?? {}) as Record<string, unknown>;
  return {
    title: String(entry.title ?? ''),
    subline: String(entry.subline ?? ''),
    resourceUrl: String(entry.resourceUrl ?? ''),
    attributes: toAttributes(entry.attributes),
  };
}

/** An object's string and number values; `[]` (PHP's empty array) and anything else give none. */
function toAttributes(raw: unknown): Record<string, string> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number') attributes[name] = String(value);
  }
  return attributes;
}
