// Turns a fetched document into indexed chunks: chunk, embed in batches (yielding to the event loop between
// batches, so a large document never holds it for long), and replace the document in the index atomically.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { chunkDocument } from '../search/chunker.js';
import type { Embedder } from '../search/embedders/embedder.js';
import type { ChunkInput, IndexStore, IndexedDocument } from '../search/index-store.js';
import type { FetchedDocument } from './sync-source.js';

/** More chunks than this (a few MB of text) are not indexed: the rest of the document is left out. */
export const MAX_CHUNKS_PER_DOCUMENT = 5000;
const EMBED_BATCH = 16;

export interface IndexerOptions {
  chunkSize: number;
  chunkOverlap: number;
}

export async function indexDocument(
  store: IndexStore,
  embedder: Embedder,
  userId: string,
  fetched: FetchedDocument,
  options: IndexerOptions,
): Promise<{ chunks: number }> {
  const { pages, ...document } = fetched;
  const chunks = chunkDocument(pages, {
    size: options.chunkSize,
    overlap: options.chunkOverlap,
    paged: document.pageCount !== undefined,
  }).slice(0, MAX_CHUNKS_PER_DOCUMENT);
  const inputs: ChunkInput[] = [];
  for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
    const batch = chunks.slice(i, i + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map((chunk) => `${document.title}\n${chunk.text}`));
    batch.forEach((chunk, j) => inputs.push({ ...chunk, total: chunks.length, vector: vectors[j]! }));
    await yieldToEventLoop();
  }
  await store.replaceDocument(userId, boundedDocument(document), inputs);
  return { chunks: inputs.length };
}

function boundedDocument(document: IndexedDocument): IndexedDocument {
  const extra = document.extra
    ? Object.fromEntries(
        Object.entries(document.extra)
          .slice(0, 16)
          .map(([key, value]) => [key.slice(0, 64), String(value).slice(0, 500)]),
      )
    : undefined;
  return { ...document, title: document.title.slice(0, 500), ...(extra ? { extra } : {}) };
}
