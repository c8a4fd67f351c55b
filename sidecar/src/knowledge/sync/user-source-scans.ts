// One pass over some sources of one user: each source scanned in turn (scanner.ts) and its new state saved; a
// credential Nextcloud refuses pauses the user and ends the pass.
import type { Logger } from '../../logging/logger.js';
import type { IndexStore } from '../index/index-store.js';
import { PAUSED_MESSAGE } from './item-failures.js';
import type { LeftOutDocuments } from './left-out-documents.js';
import { scanSource } from './scanner.js';
import type { SyncQueue } from './sync-queue.js';
import type { SyncContext, SyncSource } from './sync-source.js';
import type { SyncUserStore } from './sync-users.js';

export interface UserSourceScanDeps {
  store: IndexStore;
  queue: SyncQueue;
  leftOut: LeftOutDocuments;
  users: SyncUserStore;
  logger: Logger;
  clock: () => number;
}

/** `failed`: a source failed in a way worth backing off for; `stopped`: the pass ended early (aborted or paused). */
export async function scanUserSources(
  context: SyncContext,
  sources: readonly SyncSource[],
  deps: UserSourceScanDeps,
): Promise<{ failed: boolean; stopped: boolean }> {
  const { userId } = context;
  const { users, clock } = deps;
  const previous = new Map((await users.sources(userId)).map((state) => [state.docType, state]));
  let failed = false;
  for (const source of sources) {
    if (context.signal.aborted) return { failed, stopped: true };
    const outcome = await scanSource(source, context, previous.get(source.docType), { ...deps, now: clock });
    await users.saveSource(userId, source.docType, outcome.state, clock());
    if (outcome.unauthenticated) {
      await users.pause(userId, PAUSED_MESSAGE);
      deps.logger.warn({ userId }, 'knowledge sync paused: Nextcloud refused the credential');
      return { failed: true, stopped: true };
    }
    failed ||= outcome.failed;
  }
  return { failed, stopped: false };
}
