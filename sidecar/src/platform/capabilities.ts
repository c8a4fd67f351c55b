// Which Nextcloud apps a user has: the capabilities (/ocs/v2.php/cloud/capabilities) and the apps of the user's menu
// (/ocs/v2.php/core/navigation/apps, for apps that publish no capability, like News); fresh, or from the memo.
import type { NextcloudClient } from './nextcloud-client.js';
import { ocsPaths } from './urls.js';

export interface NextcloudCapabilities {
  version: string;
  /** Capability entries by app id (notes, deck, tables, …). */
  apps: Record<string, Record<string, unknown>>;
  /** The app ids of the user's menu (news, calendar, …); undefined when Nextcloud did not say. */
  menuAppIds?: ReadonlySet<string>;
}

/** The capabilities from the client's memo when they were asked recently (which tools to list). */
export function rememberCapabilities(client: NextcloudClient): Promise<NextcloudCapabilities> {
  return client.memo.remember('capabilities', () => fetchCapabilities(client));
}

/** Always asks Nextcloud; both requests go out together. */
export async function fetchCapabilities(client: NextcloudClient): Promise<NextcloudCapabilities> {
  const [capabilities, menu] = await Promise.allSettled([
    client.requestJson<{ version?: { string?: string }; capabilities?: Record<string, unknown> }>(
      ocsPaths.capabilities,
    ),
    client.requestJson<unknown>(ocsPaths.navigationApps),
  ]);
  if (capabilities.status === 'rejected') throw capabilities.reason;
  const data = capabilities.value;
  const apps: Record<string, Record<string, unknown>> = {};
  for (const [id, entry] of Object.entries(data?.capabilities ?? {})) {
    if (entry && typeof entry === 'object') apps[id] = entry as Record<string, unknown>;
  }
  const menuAppIds = menu.status === 'fulfilled' ? readMenuAppIds(menu.value) : undefined;
  return { version: data?.version?.string ?? 'unknown', apps, menuAppIds };
}

function readMenuAppIds(data: unknown): ReadonlySet<string> | undefined {
  if (!Array.isArray(data)) return undefined;
  return new Set(data.flatMap((entry) => (typeof entry?.id === 'string' ? [entry.id as string] : [])));
}
