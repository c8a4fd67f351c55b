// The one owner of the embedder the index is built with: the sync engine and the search service both ask it, and the
// first ask after the embedder changed switches the index to it (dropping the old vectors) before anyone embeds with it.
import type { IndexStore } from '../index/index-store.js';
import type { EmbedderHandle } from './create-embedder.js';
import type { Embedder } from './embedder.js';

/** An embedder handle whose `get()` resolves only once the index holds this embedder's vectors (or none). */
export interface ActiveEmbedder extends EmbedderHandle {
  /** The id of the embedder the index was last switched to; undefined before the first `get()`. */
  inUse(): string | undefined;
}

export interface ActiveEmbedderDeps {
  handle: EmbedderHandle;
  store: Pick<IndexStore, 'useEmbedder'>;
  /**
   * Called once the switch emptied the index (another model or dimension than the stored one), before `get()`
   * resolves: the sync makes every document due again so that it is indexed with the new embedder.
   */
  onIndexCleared(embedderId: string): Promise<void>;
}

export function createActiveEmbedder(deps: ActiveEmbedderDeps): ActiveEmbedder {
  let inUse: string | undefined;
  // One switch at a time: a search and a sync worker asking together wait for the same one.
  let switching: Promise<void> | undefined;
  const switchTo = async (embedder: Embedder): Promise<void> => {
    if (await deps.store.useEmbedder(embedder.id, embedder.dimensions, embedder.kind))
      await deps.onIndexCleared(embedder.id);
    inUse = embedder.id;
  };
  return {
    configured: deps.handle.configured,
    peek: () => deps.handle.peek(),
    inUse: () => inUse,
    async get() {
      const embedder = await deps.handle.get();
      while (inUse !== embedder.id) {
        switching ??= switchTo(embedder).finally(() => (switching = undefined));
        await switching;
      }
      return embedder;
    },
  };
}
