// GET /api/v1/apps, GET|POST /api/v1/webhooks, DELETE /api/v1/webhooks/{id}: Nextcloud administrators register the
// sync's webhooks at webhook_listeners by preset (always header auth with a fresh secret, always an eventFilter).
import { Router, type Request, type Response } from 'express';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import { createNextcloudClient, type NextcloudClient } from '../platform/nextcloud-client.js';
import {
  deleteWebhook,
  listEnabledApps,
  registerWebhook,
  WEBHOOK_LISTENERS_APP,
} from '../platform/webhooks/webhook-listeners.js';
import { requestIdOf } from '../request-id.js';
import { assertSupportedEventFilter } from '../knowledge/webhooks/webhook-event-filter.js';
import { WEBHOOK_SECRET_HEADER } from './webhook-receiver.js';
import {
  DECK_HAS_NO_PRESET,
  isWebhookPreset,
  presetDefinition,
  WEBHOOK_PRESETS,
  type PresetDefinition,
  type WebhookPreset,
} from '../knowledge/webhooks/webhook-presets.js';
import {
  generateWebhookSecret,
  MAX_WEBHOOK_REGISTRATIONS,
  type WebhookRegistration,
  type WebhookRegistrationStore,
} from '../knowledge/webhooks/webhook-registrations.js';
import { knowledgeCallerOf } from '../http/knowledge-caller.js';
import { parseIntegerParam } from '../http/validation.js';

export interface WebhookRouteDeps {
  /** Undefined without an encryption key (secrets cannot be stored): the webhook routes answer 404. */
  registrations: WebhookRegistrationStore | undefined;
  http: HttpClient;
  nextcloudHost: string;
  /** WEBHOOK_RECEIVER_URL: where Nextcloud sends the calls (default `{public URL}/webhooks/nextcloud`). */
  receiverUrl: string;
  timeoutMs?: number;
  /** What each preset registers (default: webhook-presets.ts). */
  presets?: (preset: WebhookPreset) => PresetDefinition;
}

export function createWebhookRouter(deps: WebhookRouteDeps): Router {
  const router = Router();
  const definitionOf = deps.presets ?? presetDefinition;
  const store = (): WebhookRegistrationStore => {
    if (!deps.registrations) {
      throw new NotFoundError('Webhooks need TOKEN_ENCRYPTION_KEY: their secrets are stored encrypted.');
    }
    return deps.registrations;
  };

  /** The caller's client, once Nextcloud has said they are an administrator; with the apps enabled there. */
  async function asAdmin(res: Response): Promise<{ client: NextcloudClient; apps: string[]; userId: string }> {
    const caller = knowledgeCallerOf(res);
    if (!caller.credentials) {
      throw new ForbiddenError('Provision an app password first: webhooks are registered with your Nextcloud account.');
    }
    const client = createNextcloudClient({
      http: deps.http,
      host: deps.nextcloudHost,
      credentials: caller.credentials,
    });
    try {
      return { client, apps: await listEnabledApps(client, deps.timeoutMs), userId: caller.userId };
    } catch (error) {
      if (error instanceof ForbiddenError) throw new ForbiddenError('Only Nextcloud administrators manage webhooks.');
      throw error;
    }
  }

  router.get('/api/v1/apps', async (_req, res) => {
    const { apps } = await asAdmin(res);
    const registered = new Set((await deps.registrations?.list())?.map((registration) => registration.preset));
    res.json({
      apps,
      webhooks_available: apps.includes(WEBHOOK_LISTENERS_APP),
      presets: WEBHOOK_PRESETS.map((preset) => {
        const app = definitionOf(preset).app;
        return { preset, app, app_enabled: apps.includes(app), registered: registered.has(preset) };
      }),
    });
  });

  router.get('/api/v1/webhooks', async (_req, res) => {
    const registrations = store();
    await asAdmin(res);
    res.json({ webhooks: (await registrations.list()).map(describe) });
  });

  router.post('/api/v1/webhooks', async (req: Request, res: Response) => {
    const registrations = store();
    const preset = readPreset(req.body);
    const definition = definitionOf(preset);
    // Before anything reaches Nextcloud: it would accept a filter it cannot evaluate.
    for (const { eventFilter } of definition.registrations) assertSupportedEventFilter(eventFilter);
    const admin = await asAdmin(res);
    if (!admin.apps.includes(WEBHOOK_LISTENERS_APP)) {
      throw new ConflictError("Nextcloud's webhook_listeners app is not enabled; enable it to register webhooks.");
    }
    if (!admin.apps.includes(definition.app)) {
      throw new ConflictError(`The ${definition.app} app is not enabled in Nextcloud.`);
    }
    const existing = await registrations.list();
    if (existing.some((registration) => registration.preset === preset)) {
      throw new ConflictError(`The ${preset} preset is already registered; delete its webhooks first.`);
    }
    if (existing.length + definition.registrations.length > MAX_WEBHOOK_REGISTRATIONS) {
      throw new ConflictError(`At most ${MAX_WEBHOOK_REGISTRATIONS} webhooks can be registered.`);
    }
    const done: WebhookRegistration[] = [];
    try {
      for (const { event, eventFilter } of definition.registrations) {
        const secret = generateWebhookSecret();
        const nextcloudId = await registerWebhook(
          admin.client,
          { receiverUrl: deps.receiverUrl, event, eventFilter, authHeaders: { [WEBHOOK_SECRET_HEADER]: secret } },
          deps.timeoutMs,
        );
        const record = { nextcloudId, event, preset, uri: deps.receiverUrl, eventFilter, registeredBy: admin.userId };
        done.push(await registrations.add({ ...record, secret }, requestIdOf(res)));
      }
    } catch (error) {
      // All or nothing: what was registered of this preset is removed again.
      for (const registration of done) await unregister(admin, registration, res).catch(() => undefined);
      throw error;
    }
    res.status(201).json({ preset, webhooks: done.map(describe) });
  });

  router.delete('/api/v1/webhooks/:id', async (req, res) => {
    const registrations = store();
    const id = parseIntegerParam('id', req.params.id, { min: 1, max: Number.MAX_SAFE_INTEGER });
    const admin = await asAdmin(res);
    const registration = await registrations.get(id);
    if (!registration) throw new NotFoundError('There is no webhook with this id.');
    await unregister(admin, registration, res);
    res.json({ id, deleted: true });
  });

  /** At Nextcloud first (its `data:false` means it is already gone there), then here. */
  async function unregister(
    admin: { client: NextcloudClient; userId: string },
    registration: WebhookRegistration,
    res: Response,
  ) {
    await deleteWebhook(admin.client, registration.nextcloudId, deps.timeoutMs);
    await store().delete(registration.id, admin.userId, requestIdOf(res));
  }

  return router;
}

/** `{"preset": "<at most 64 characters>"}` and nothing else (checked by hand: zod is not loaded at start). */
function readPreset(body: unknown): WebhookPreset {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
  const preset = (body as { preset?: unknown } | null)?.preset;
  if (fields.length !== 1 || typeof preset !== 'string' || preset.length > 64) {
    throw new InvalidInputError(`Send a JSON body {"preset": …} with one of: ${WEBHOOK_PRESETS.join(', ')}.`);
  }
  if (!isWebhookPreset(preset)) {
    throw new InvalidInputError(`Unknown preset; use one of: ${WEBHOOK_PRESETS.join(', ')}. ${DECK_HAS_NO_PRESET}`);
  }
  return preset;
}

function describe(registration: WebhookRegistration) {
  return {
    id: registration.id,
    nextcloud_id: registration.nextcloudId,
    event: registration.event,
    preset: registration.preset,
    uri: registration.uri,
    event_filter: registration.eventFilter,
    registered_by: registration.registeredBy,
    created_at: registration.createdAt.toISOString(),
  };
}
