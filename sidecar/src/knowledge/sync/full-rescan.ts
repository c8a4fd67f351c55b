// After the index was emptied (the embedder changed): every user's sources forget their cursors and every user is
// due for a scan now, so that each document is indexed again with the new embedder.
import type { Logger } from '../../logging/logger.js';
import type { SyncUserStore } from './sync-users.js';

export async function scheduleFullRescan(
  deps: { users: SyncUserStore; logger: Logger },
  embedderId: string,
  now: number,
): Promise<void> {
  deps.logger.info({ embedder: embedderId }, 'knowledge sync: the embedder changed; every document is indexed again');
  for (const state of await deps.users.list()) {
    for (const source of await deps.users.sources(state.userId)) {
      await deps.users.saveSource(state.userId, source.docType, { ...source, cursor: undefined }, now);
    }
    await deps.users.scanAt(state.userId, now);
  }
}
