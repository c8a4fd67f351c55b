// Which Nextcloud apps a user has (from /ocs/v2.php/cloud/capabilities), cached briefly per user.
import type { NextcloudClient } from './nextcloud-client.js';
import { ocsPaths } from './urls.js';

export interface NextcloudCapabilities {
  version: string;
  /** Capability entries by app id (notes, deck, tables, …). */
  apps: Record<string, Record<string, unknown>>;
}

export interface CapabilitiesCache {
  get(client: NextcloudClient): Promise<NextcloudCapabilities>;
}

export function createCapabilitiesCache(options: { ttlMs?: number; clock?: () => number } = {}): CapabilitiesCache {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { value: Promise<NextcloudCapabilities>; until: number }>();
  return {
    get(client) {
      const key = `${client.host} ${client.loginName}`;
      const hit = entries.get(key);
      if (hit && hit.until > clock()) return hit.value;
      const value = fetchCapabilities(client);
      entries.set(key, { value, until: clock() + ttlMs });
      value.catch(() => entries.delete(key));
      if (entries.size > 10_000) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}

export async function fetchCapabilities(client: NextcloudClient): Promise<NextcloudCapabilities> {
  const data = await client.requestJson<{ version?: { string?: string }; capabilities?: Record<string, unknown> }>(
    ocsPaths.capabilities,
  );
  const apps: Record<string, Record<string, unknown>> = {};
  for (const [id, entry] of Object.entries(data?.capabilities ?? {})) {
    if (entry && typeof entry === 'object') apps[id] = entry as Record<string, unknown>;
  }
  return { version: data?.version?.string ?? 'unknown', apps };
}
