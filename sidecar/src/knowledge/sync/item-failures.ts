// What a failed document fetch becomes in the queue: left out with its reason, a dead letter, a wait for the embedder
// or for Nextcloud (not counted against the document), a paused user, or a retry with backoff.
import { RateLimitedError, UnauthenticatedError } from '../../errors.js';
import type { Logger } from '../../logging/logger.js';
import { EmbedderUnavailableError } from '../embedders/embedder.js';
import type { IndexStore } from '../index/index-store.js';
import { scanFailureMessage } from './scanner.js';
import { nextcloudUnreachable } from './source-errors.js';
import type { LeftOutDocuments } from './left-out-documents.js';
import type { QueueItem, SyncQueue } from './sync-queue.js';
import { DocumentParseError, DocumentSkippedError } from './sync-source.js';
import type { SyncUserStore } from './sync-users.js';

/** Why a user's sync is paused when Nextcloud refuses their credential. */
export const PAUSED_MESSAGE =
  'Nextcloud refused the app password (revoked or changed). Provision a new one in the MCP personal settings.';
/** The reason of a dead letter whose claims kept expiring: the worker died on it every time. */
export const WORKER_DIED_REASON =
  'Reading the document stopped the sidecar every time (out of memory or time, or a restart); it is left out.';
const EMBEDDER_WAIT_MS = 30_000;
const NEXTCLOUD_WAIT_MS = 30_000;

export interface ItemFailureDeps {
  queue: SyncQueue;
  leftOut: LeftOutDocuments;
  store: IndexStore;
  users: SyncUserStore;
  logger: Logger;
  /** KNOWLEDGE_MAX_ATTEMPTS: counted failures before a dead letter. */
  maxAttempts: number;
  /** Milliseconds since the epoch. */
  now: number;
}

export async function recordItemFailure(item: QueueItem, error: unknown, deps: ItemFailureDeps): Promise<void> {
  const { queue, now } = deps;
  deps.logger.debug(
    { err: error, userId: item.userId, docType: item.docType, attempts: item.attempts },
    'knowledge sync: will retry',
  );
  if (error instanceof DocumentSkippedError) {
    await deps.store.deleteDocument(item.userId, item.docType, item.docId);
    return deps.leftOut.record(item, 'skipped', error.reason, now);
  }
  if (error instanceof DocumentParseError) return queue.dead(item.id, error.message, now);
  if (error instanceof EmbedderUnavailableError) {
    return queue.retry(item.id, now + EMBEDDER_WAIT_MS, error.message, false);
  }
  if (nextcloudUnreachable(error)) {
    // Nextcloud is down, not this document: wait like for the embedder instead of dying after a few tries.
    return queue.retry(item.id, now + NEXTCLOUD_WAIT_MS, scanFailureMessage(error), false);
  }
  if (error instanceof UnauthenticatedError) {
    await deps.users.pause(item.userId, PAUSED_MESSAGE);
    return queue.retry(item.id, now, 'Nextcloud refused the credential.', false);
  }
  const reason = scanFailureMessage(error);
  if (item.attempts + 1 >= deps.maxAttempts) {
    deps.logger.warn({ userId: item.userId, docType: item.docType, reason }, 'knowledge sync: dead letter');
    return queue.dead(item.id, reason, now);
  }
  const backoff = error instanceof RateLimitedError ? 60_000 : 2000 * 2 ** item.attempts;
  return queue.retry(item.id, now + Math.min(backoff, 600_000), reason, true);
}
