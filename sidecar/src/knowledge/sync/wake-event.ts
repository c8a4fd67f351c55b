// What a webhook tells the sync: which user's document changed or went, so it is fetched or removed at once.
import type { DocType } from '../doc-types.js';

export interface WakeEvent {
  userId: string;
  docType: DocType;
  /** The document id when the event carries one (a deleted file's event has only its path). */
  docId?: string;
  /** Files: the path relative to the user's home (`/Documents/a.md`), translated from Nextcloud's `/{uid}/files/…`. */
  filePath?: string;
  /** The document is gone (deleted, moved to the trash, unshared). */
  deleted: boolean;
}

/** Implemented by the sync engine; returns at once (the work is queued). */
export interface SyncWaker {
  wake(events: readonly WakeEvent[]): void;
}
