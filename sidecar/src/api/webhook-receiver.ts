// POST /webhooks/nextcloud: the calls of Nextcloud's webhook_listeners. The secret header is checked first (constant
// time, against our registrations); only then is the body read (capped, any Content-Type: Nextcloud sends none),
// parsed, checked to be fresh and new (webhook-deliveries.ts), and the sync woken for the documents it names.
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { InvalidInputError, UnauthenticatedError } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import type { SyncWaker } from '../knowledge/sync/wake-event.js';
import type { WebhookDeliveries } from '../knowledge/webhooks/webhook-deliveries.js';
import { parseWebhookPayload } from '../knowledge/webhooks/webhook-payloads.js';
import type { WebhookPreset } from '../knowledge/webhooks/webhook-presets.js';
import type { WebhookSecrets } from '../knowledge/webhooks/webhook-registrations.js';

export const WEBHOOK_ROUTE = '/webhooks/nextcloud';
/** The header our registrations ask Nextcloud to send (webhook_listeners' `authMethod: "header"`). */
export const WEBHOOK_SECRET_HEADER = 'X-Nextcloud-Webhook-Secret';
/** Calendar events carry the whole ICS; 2 MiB is plenty. */
export const MAX_WEBHOOK_BODY_BYTES = 2 * 1024 * 1024;
const MAX_SECRET_LENGTH = 512;

export interface WebhookReceiverDeps {
  secrets: WebhookSecrets;
  deliveries: WebhookDeliveries;
  waker: SyncWaker;
  logger: Logger;
  clock?: () => number;
}

/**
 * Mount before `express.json()`: the body is read here, after authentication. (Mounted after it, a JSON-typed body
 * would already be parsed and is taken as it is.)
 */
export function createWebhookReceiver(deps: WebhookReceiverDeps): Router {
  const router = Router();
  const readBody = express.raw({ type: () => true, limit: MAX_WEBHOOK_BODY_BYTES });

  const clock = deps.clock ?? Date.now;
  router.post(WEBHOOK_ROUTE, authenticate(deps.secrets), readBody, async (req: Request, res: Response) => {
    const preset = res.locals.webhookPreset as WebhookPreset;
    const body = readJson(req.body);
    const parsed = parseWebhookPayload(body, preset);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(JSON.stringify(body));
    const stale = await deps.deliveries.refusal(raw, (body as { time?: unknown }).time, clock());
    if (stale) {
      // Counted in the log only: Nextcloud makes each call once and reads no answer; scans reconcile.
      deps.logger.info({ preset, reason: stale }, 'webhook delivery ignored');
      res.status(202).json({ accepted: 0, ignored: stale });
      return;
    }
    if (parsed.kind === 'ignored') {
      deps.logger.debug({ eventClass: parsed.eventClass.slice(0, 200) }, 'webhook event ignored');
      res.status(202).json({ accepted: 0 });
      return;
    }
    if (parsed.events.length > 0) deps.waker.wake(parsed.events);
    deps.logger.debug({ preset, events: parsed.events.length }, 'webhook accepted');
    res.status(202).json({ accepted: parsed.events.length });
  });
  return router;
}

function authenticate(secrets: WebhookSecrets) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const presented = req.get(WEBHOOK_SECRET_HEADER);
    const match =
      presented !== undefined && presented.length > 0 && presented.length <= MAX_SECRET_LENGTH
        ? await secrets.match(presented)
        : undefined;
    if (!match) {
      // Nothing else happens: the body is neither read nor parsed.
      res.set('Connection', 'close');
      throw new UnauthenticatedError(
        `Webhook calls must carry the ${WEBHOOK_SECRET_HEADER} header of a registered webhook.`,
        `Secret header="${WEBHOOK_SECRET_HEADER}"`,
      );
    }
    res.locals.webhookPreset = match.preset;
    next();
  };
}

function readJson(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return body;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new InvalidInputError('The webhook body is not valid JSON.');
  }
}
