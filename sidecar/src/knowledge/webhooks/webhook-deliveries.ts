// Which webhook deliveries to act on: only fresh ones (Nextcloud stamps each body with its `time`) seen for the first
// time. A captured delivery replayed later is ignored; so is one replayed at once (its fingerprint is remembered, in
// the database, so every replica knows it). Ignoring is safe: the periodic scans reconcile whatever a webhook names.
import { createHash } from 'node:crypto';
import type { SqlDatabase } from '../../store/sql/sql-database.js';

export interface WebhookDeliveries {
  /**
   * Why the delivery is ignored, or undefined to act on it (and remember it). `body` is the raw body, `time` its
   * `time` field (unix seconds).
   */
  refusal(body: Buffer, time: unknown, nowMs: number): Promise<string | undefined>;
}

/** A delivery stamped this far ahead of our clock is not believed (clocks a few minutes apart still pass). */
export const MAX_FUTURE_MS = 5 * 60_000;
/** Every this many remembered deliveries, those older than the window are forgotten. */
const PRUNE_EVERY = 100;

export function createWebhookDeliveries(db: SqlDatabase, options: { maxAgeMs: number }): WebhookDeliveries {
  let sincePrune = 0;
  return {
    async refusal(body, time, nowMs) {
      if (typeof time !== 'number' || !Number.isFinite(time)) return 'no time stamp';
      const stampedMs = time * 1000;
      if (nowMs - stampedMs > options.maxAgeMs) return 'older than the webhook window';
      if (stampedMs - nowMs > MAX_FUTURE_MS) return 'stamped in the future';
      const fingerprint = createHash('sha256').update(body).digest('base64url');
      const first = await db.run(
        'INSERT INTO webhook_deliveries (fingerprint, seen_at) VALUES (?, ?) ON CONFLICT (fingerprint) DO NOTHING',
        [fingerprint, nowMs],
      );
      if ((sincePrune += 1) >= PRUNE_EVERY) {
        sincePrune = 0;
        // Kept twice the window: a delivery stamped up to MAX_FUTURE_MS ahead stays fresh that much longer.
        await db.run('DELETE FROM webhook_deliveries WHERE seen_at < ?', [nowMs - 2 * options.maxAgeMs]);
      }
      return first.changes === 0 ? 'delivered before' : undefined;
    },
  };
}
