// Calendar objects and cards a scan found changed, read 50 to a request (a DAV multiget per collection) and kept until
// fetched, so a first sync of a calendar asks a request per 50 events instead of one per event. Bounded; an object
// not kept (a single change, evicted, queued at another version, a server that answered the multiget without it) is
// read on its own by the fetch, as before.
import { multigetDavObjects, type MultigetKind, type MultigetObject } from '../../platform/dav/dav-multiget.js';
import type { SeenDocument, SyncContext } from '../sync/sync-source.js';
import { createKeptUntilFetched } from './kept-until-fetched.js';
import { splitDocId } from './dav-collections-scan.js';

/** Objects named per multiget. */
export const MULTIGET_OBJECTS = 50;
/** Objects kept at most over all users, and bytes of their text (UTF-16); one scan keeps at most half of the bytes. */
export const MAX_LISTED_OBJECTS = 5000;
export const MAX_LISTED_OBJECT_BYTES = 16 * 1024 * 1024;

export interface ListedDavObjects {
  /** Reads the changed objects of each collection with more than one change and keeps those still at their version. */
  keepChanged(
    context: SyncContext,
    changed: readonly SeenDocument[],
    collectionPath: (uri: string) => string,
  ): Promise<void>;
  /** The kept object of `document` at its version, forgotten as it is handed out. */
  take(userId: string, document: SeenDocument): MultigetObject | undefined;
}

export function createListedDavObjects(kind: MultigetKind): ListedDavObjects {
  const kept = createKeptUntilFetched<MultigetObject>({
    maxEntries: MAX_LISTED_OBJECTS,
    maxSize: MAX_LISTED_OBJECT_BYTES,
    sizeOf: (object) => 2 * object.text.length + 100,
    versionOf: (object) => object.etag,
  });

  return {
    async keepChanged(context, changed, collectionPath) {
      const byCollection = new Map<string, Map<string, SeenDocument>>();
      for (const document of changed) {
        const ids = splitDocId(document.docId);
        if (!ids) continue;
        const names = byCollection.get(ids.collectionUri) ?? new Map<string, SeenDocument>();
        byCollection.set(ids.collectionUri, names.set(ids.objectName, document));
      }
      let bytes = 0;
      for (const [uri, documents] of byCollection) {
        // A single change is read as cheaply on its own.
        if (documents.size < 2) continue;
        const names = [...documents.keys()];
        for (let from = 0; from < names.length && bytes < MAX_LISTED_OBJECT_BYTES / 2; from += MULTIGET_OBJECTS) {
          context.signal.throwIfAborted();
          let objects: Map<string, MultigetObject>;
          try {
            objects = await multigetDavObjects(
              context.client,
              collectionPath(uri),
              names.slice(from, from + MULTIGET_OBJECTS),
              kind,
            );
          } catch (error) {
            // Nothing is lost but requests: each object not kept is read on its own when fetched.
            if (context.signal.aborted) throw error;
            return;
          }
          for (const [name, object] of objects) {
            const document = documents.get(name);
            if (!document || document.version !== object.etag) continue;
            kept.keep(context.userId, document.docId, object);
            bytes += 2 * object.text.length;
          }
        }
      }
    },
    take: (userId, document) => kept.take(userId, document.docId, document.version),
  };
}
