// Tells the sync when a background credential is stored or removed (provisioning, the app-password DELETE route,
// revocation): a new one starts or resumes the user's sync at once, a removed one deletes their whole index.
import type { Logger } from '../../logging/logger.js';
import type { AppPasswordStore } from '../../store/app-passwords.js';
import type { SyncEngine } from './sync-engine.js';

export function withSyncNotifications(
  store: AppPasswordStore,
  engine: Pick<SyncEngine, 'userProvisioned' | 'userRemoved'>,
  logger: Logger,
): AppPasswordStore {
  return {
    ...store,
    store: async (userId, credential, requestId) => {
      await store.store(userId, credential, requestId);
      // Awaited (two quick writes; the scan itself runs in the background): the status shows the user active at once.
      await engine.userProvisioned(userId).catch((error: unknown) => {
        logger.error({ err: error, userId, requestId }, 'knowledge sync: starting the user sync failed');
      });
    },
    delete: async (userId, requestId) => {
      const existed = await store.delete(userId, requestId);
      engine.userRemoved(userId).catch((error: unknown) => {
        logger.error({ err: error, userId, requestId }, 'knowledge sync: removing the user index failed');
      });
      return existed;
    },
  };
}
