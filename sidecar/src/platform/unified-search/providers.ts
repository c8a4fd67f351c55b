// The unified search providers a user has (files, notes, deck, calendar, …), in Nextcloud's display order.
import type { NextcloudClient } from '../nextcloud-client.js';
import { searchPaths } from './search-paths.js';

export interface SearchProvider {
  id: string;
  appId: string;
  name: string;
  order: number;
}

/** Remembered for this caller like the capabilities (caller-memo.ts): every search that asks Nextcloud needs the list. */
export function listSearchProviders(client: NextcloudClient, timeoutMs?: number): Promise<SearchProvider[]> {
  return client.memo.remember('unified-search-providers', () => fetchSearchProviders(client, timeoutMs));
}

async function fetchSearchProviders(client: NextcloudClient, timeoutMs?: number): Promise<SearchProvider[]> {
  const data = await client.requestJson<unknown>(searchPaths.providers(), { timeoutMs });
  const providers = (Array.isArray(data) ? data : []).map((raw: Record<string, unknown>) => ({
    id: String(raw.id ?? ''),
    appId: String(raw.appId ?? raw.id ?? ''),
    name: String(raw.name ?? raw.id ?? ''),
    order: Number.isFinite(Number(raw.order)) ? Number(raw.order) : 0,
  }));
  return providers.filter((p) => p.id !== '').sort((a, b) => a.order - b.order);
}
