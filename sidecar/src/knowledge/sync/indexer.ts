// Turns a fetched document into indexed chunks: chunk, embed in batches (yielding to the event loop whenever a slice
// of this work has run its time, so a large document never holds it for long), and replace the document in the index
// atomically.
import { chunkPieces, type TextChunk } from '../text/chunker.js';
import { TimeSlices } from '../index/time-slices.js';
import type { Embedder } from '../embedders/embedder.js';
import type { ChunkInput, DocumentWrite, IndexStore, IndexedDocument } from '../index/index-store.js';
import type { FetchedDocument } from './sync-source.js';

/** More chunks than this (a few MB of text) are not indexed: the rest of the document is left out. */
export const MAX_CHUNKS_PER_DOCUMENT = 5000;
/** The built-in embedder runs on this thread: a few chunks at a time; HTTP embedders batch by their setting. */
const LOCAL_EMBED_BATCH = 8;
const REMOTE_EMBED_BATCH = 256;
/** Longest stretch of chunking before the event loop gets a turn. */
const SLICE_MS = 10;

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
): Promise<IndexedResult> {
  const [result] = await indexDocuments(store, embedder, userId, [fetched], options);
  return result!;
}

/** What indexing one document did. */
export interface IndexedResult {
  chunks: number;
  truncated?: string;
}

/**
 * Indexes several documents of one user: each is chunked and embedded as `indexDocument` does, then all are written
 * with one `replaceDocuments` (small documents share transactions there). Results in the order given.
 */
export async function indexDocuments(
  store: IndexStore,
  embedder: Embedder,
  userId: string,
  documents: readonly FetchedDocument[],
  options: IndexerOptions,
): Promise<IndexedResult[]> {
  const writes: DocumentWrite[] = [];
  const results: IndexedResult[] = [];
  // One clock for all the documents: many small ones share a slice instead of yielding after each.
  const slices = new TimeSlices(SLICE_MS);
  for (const fetched of documents) {
    const { document, chunks, truncated } = await chunkAndEmbed(embedder, fetched, options, slices);
    writes.push({ document: boundedDocument(document), chunks });
    results.push({ chunks: chunks.length, ...(truncated ? { truncated } : {}) });
  }
  await store.replaceDocuments(userId, writes);
  return results;
}

async function chunkAndEmbed(
  embedder: Embedder,
  fetched: FetchedDocument,
  options: IndexerOptions,
  slices: TimeSlices,
): Promise<{ document: IndexedDocument; chunks: ChunkInput[]; truncated: string | undefined }> {
  const { pages, truncated: textTruncated, ...document } = fetched;
  let truncated = textTruncated;
  const pieces: Omit<TextChunk, 'index' | 'total'>[] = [];
  for (const piece of chunkPieces(pages, {
    size: options.chunkSize,
    overlap: options.chunkOverlap,
    paged: document.pageCount !== undefined,
  })) {
    pieces.push(piece);
    if (pieces.length >= MAX_CHUNKS_PER_DOCUMENT) {
      truncated ??= `text beyond ${MAX_CHUNKS_PER_DOCUMENT} chunks`;
      break;
    }
    if (slices.due) await slices.pause();
  }
  const inputs: ChunkInput[] = [];
  const batchSize = embedder.kind === 'lexical' ? LOCAL_EMBED_BATCH : REMOTE_EMBED_BATCH;
  for (let i = 0; i < pieces.length; i += batchSize) {
    const batch = pieces.slice(i, i + batchSize);
    const vectors = await embedder.embed(batch.map((chunk) => `${document.title}\n${chunk.text}`));
    batch.forEach((chunk, j) => inputs.push({ ...chunk, index: i + j, total: pieces.length, vector: vectors[j]! }));
    await slices.pause();
  }
  return { document, chunks: inputs, truncated };
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
