// An index store that opens at its first use: the engine's modules (and the embedded store's vector library) load
// after the sidecar listens, when the sync's first tick or the first search asks, not before (start-up time).
import type { IndexStore } from './index-store.js';

export function lazyIndexStore(engine: IndexStore['engine'], open: () => Promise<IndexStore>): IndexStore {
  let opening: Promise<IndexStore> | undefined;
  let closed = false;
  const store = () => {
    if (closed) return Promise.reject(new Error('The index store is closed.'));
    // A failed open is tried again by the next use (the failure reaches the caller that asked).
    opening ??= open().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  return {
    engine,
    useEmbedder: async (...args) => (await store()).useEmbedder(...args),
    replaceDocument: async (...args) => (await store()).replaceDocument(...args),
    replaceDocuments: async (...args) => (await store()).replaceDocuments(...args),
    deleteDocument: async (...args) => (await store()).deleteDocument(...args),
    findByFilePath: async (...args) => (await store()).findByFilePath(...args),
    deleteUser: async (...args) => (await store()).deleteUser(...args),
    versions: async (...args) => (await store()).versions(...args),
    bm25: async (...args) => (await store()).bm25(...args),
    nearest: async (...args) => (await store()).nearest(...args),
    points: async (...args) => (await store()).points(...args),
    documentPoints: async (...args) => (await store()).documentPoints(...args),
    counts: async (...args) => (await store()).counts(...args),
    pointIdSecret: async () => (await store()).pointIdSecret(),
    close: async () => {
      closed = true;
      // A store that never opened holds nothing; one opening is closed once open.
      const opened = await opening?.catch(() => undefined);
      await opened?.close();
    },
  };
}
