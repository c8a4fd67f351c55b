// Which Nextcloud apps a user has (from /ocs/v2.php/cloud/capabilities), fresh, or remembered in the client's memo.
import type { NextcloudClient } from './nextcloud-client.js';
import { ocsPaths } from './urls.js';

export interface NextcloudCapabilities {
  version: string;
  /** Capability entries by app id (notes, deck, tables, …). */
  apps: Record<string, Record<string, unknown>>;
}

/** The capabilities from the client's memo when they were asked recently (which tools to list). */
export function rememberCapabilities(client: NextcloudClient): Promise<NextcloudCapabilities> {
  return client.memo.remember('capabilities', () => fetchCapabilities(client));
}

/** Always asks Nextcloud. */
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
