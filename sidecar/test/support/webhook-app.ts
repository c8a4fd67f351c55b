// The webhook side of the sidecar for tests: a registration store in a temp database, and an app that mounts the
// receiver as app.ts does (before express.json, every wake recorded), listening on loopback.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Router } from 'express';
import { createErrorHandler } from '../../src/http/error-handler.js';
import { createRequestContext } from '../../src/http/request-context.js';
import { createLogger } from '../../src/logging/logger.js';
import { createAuditLog } from '../../src/store/audit-log.js';
import { createSecretBox } from '../../src/store/secret-box.js';
import { openStore } from '../../src/store/open-store.js';
import type { WakeEvent } from '../../src/knowledge/sync/wake-event.js';
import { createWebhookDeliveries, type WebhookDeliveries } from '../../src/knowledge/webhooks/webhook-deliveries.js';
import { createWebhookReceiver } from '../../src/api/webhook-receiver.js';
import {
  createWebhookRegistrationStore,
  type WebhookRegistrationStore,
} from '../../src/knowledge/webhooks/webhook-registrations.js';
import { makeTempDir } from './temp-dir.js';

/**
 * A registration store in a fresh temp SQLite database (or at `where`: another replica's database, or PostgreSQL);
 * `close` removes the temp database.
 */
export async function openTestWebhookStore(
  key: Uint8Array,
  where?: { path: string; databaseUrl?: string },
  clock?: () => Date,
): Promise<{ store: WebhookRegistrationStore; deliveries: WebhookDeliveries; close(): Promise<void> }> {
  const temp = where ? undefined : makeTempDir();
  const storage = await openStore({
    path: where?.path ?? temp!.file('store.db'),
    databaseUrl: where?.databaseUrl,
    encryptionKey: key,
  });
  const store = createWebhookRegistrationStore({
    db: storage.db,
    box: await createSecretBox(key),
    audit: createAuditLog(storage.db),
    clock,
  });
  return {
    store,
    deliveries: createWebhookDeliveries(storage.db, { maxAgeMs: 3_600_000 }),
    close: async () => {
      await storage.close();
      temp?.remove();
    },
  };
}

export interface ReceiverAppOptions {
  store: WebhookRegistrationStore;
  /** Which deliveries are fresh and new (openTestWebhookStore's). */
  deliveries: WebhookDeliveries;
  clock?: () => number;
  /** Called with the events of every wake. */
  onWake(events: WakeEvent[]): void;
  /** More routes, mounted after express.json once the app's base URL is known. */
  routes?(baseUrl: string): Router;
}

/** Starts the app on a loopback port; its base URL (the receiver is at `/webhooks/nextcloud`) and a close. */
export async function startReceiverApp(options: ReceiverAppOptions): Promise<{ url: string; close(): Promise<void> }> {
  const logger = createLogger('silent');
  const app = express();
  app.use(createRequestContext(logger));
  app.use(
    createWebhookReceiver({
      secrets: options.store,
      deliveries: options.deliveries,
      waker: { wake: (events) => options.onWake([...events]) },
      logger,
      clock: options.clock,
    }),
  );
  app.use(express.json({ limit: '16kb' }));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (options.routes) app.use(options.routes(url));
  app.use(createErrorHandler(logger));
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
