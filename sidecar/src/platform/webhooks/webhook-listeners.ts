// Nextcloud's webhook_listeners app over OCS (administrators only): which apps are enabled, and registering and
// deleting the webhooks that call the sidecar (docs/nextcloud-behaviour.md, "Webhooks").
import { ConflictError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';

/** The app that delivers webhooks; its id in the list of enabled apps. */
export const WEBHOOK_LISTENERS_APP = 'webhook_listeners';

export interface WebhookListenerRegistration {
  /** Where Nextcloud sends the calls. */
  receiverUrl: string;
  /** The event class, e.g. `OCP\Files\Events\Node\NodeWrittenEvent`. */
  event: string;
  eventFilter: Record<string, unknown>;
  /** Headers Nextcloud sends with every call (the shared secret). */
  authHeaders: Record<string, string>;
}

const ENABLED_APPS_PATH = '/ocs/v2.php/cloud/apps';
const WEBHOOKS_PATH = '/ocs/v2.php/apps/webhook_listeners/api/v1/webhooks';

/** The ids of the apps enabled in Nextcloud; a non-administrator gets ForbiddenError (Nextcloud answers 403). */
export async function listEnabledApps(client: NextcloudClient, timeoutMs?: number): Promise<string[]> {
  const data = await client.requestJson(ENABLED_APPS_PATH, { query: { filter: 'enabled' }, timeoutMs });
  const apps = (data as { apps?: unknown } | null)?.apps;
  return Array.isArray(apps) ? apps.filter((app): app is string => typeof app === 'string') : [];
}

/** Registers one webhook (POST, header auth); Nextcloud's id of it. */
export async function registerWebhook(
  client: NextcloudClient,
  registration: WebhookListenerRegistration,
  timeoutMs?: number,
): Promise<number> {
  const answer = await client.requestJson<{ id?: unknown }>(WEBHOOKS_PATH, {
    method: 'POST',
    json: {
      httpMethod: 'POST',
      uri: registration.receiverUrl,
      event: registration.event,
      eventFilter: registration.eventFilter,
      authMethod: 'header',
      authData: registration.authHeaders,
    },
    timeoutMs,
  });
  const nextcloudId = Number(answer?.id);
  if (!Number.isSafeInteger(nextcloudId)) throw new ConflictError('Nextcloud answered without a webhook id.');
  return nextcloudId;
}

/** Deletes a webhook at Nextcloud; one already gone there (its answer `data: false`) counts as deleted. */
export async function deleteWebhook(client: NextcloudClient, nextcloudId: number, timeoutMs?: number): Promise<void> {
  await client.request(`${WEBHOOKS_PATH}/${nextcloudId}`, { method: 'DELETE', timeoutMs });
}
