// What the files walk's PROPFIND listings said about each file it queued, kept until the file is read: a read whose
// GET answers the listed ETag needs no PROPFIND of its own (one request per file instead of two). Bounded; a file
// not kept (evicted, listed by another replica or before a restart, named by a webhook) is read the long way.
import type { FileEntry } from '../../platform/files/propfind.js';
import { createKeptUntilFetched } from './kept-until-fetched.js';

export interface ListedFiles {
  /** The walk listed `entry` (a file with a file id) in a folder of `userId`. */
  remember(userId: string, entry: FileEntry): void;
  /** The listing of the file, forgotten as it is handed out (a read uses it once). */
  take(userId: string, fileId: string): FileEntry | undefined;
}

/** Listings kept at most, over all users: a few hundred bytes each, so a few MB (past it the oldest go). */
export const MAX_LISTED_FILES = 20_000;

export function createListedFiles(maxEntries = MAX_LISTED_FILES): ListedFiles {
  const entries = createKeptUntilFetched<FileEntry>({ maxEntries });
  return {
    remember(userId, entry) {
      if (entry.fileId !== null) entries.keep(userId, entry.fileId, entry);
    },
    take: (userId, fileId) => entries.take(userId, fileId),
  };
}
