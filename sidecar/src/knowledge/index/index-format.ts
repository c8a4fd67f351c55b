// What an index records about how its vectors and terms were made and stored, and whether they are still current.
import { TOKENIZER_VERSION } from '../text/bm25-text.js';

export interface IndexFormat {
  /** The embedder's id and dimension, as `useEmbedder` was given them. */
  id: string;
  dimensions: number;
  /** The tokenizer version (bm25-text.ts) the index's terms were made with; absent in indexes older than it. */
  tokenizer?: string;
  /**
   * How the store lays out its rows (the embedded store: `terms-varint-1/text-deflate-1/int8` or `…/float32`); absent
   * where the layout never changed (PostgreSQL) and in embedded indexes older than the lean layout.
   */
  storage?: string;
}

export type CurrentIndexFormat = Required<Omit<IndexFormat, 'storage'>> & Pick<IndexFormat, 'storage'>;

/** The format an index of this embedder gets from this build (`storage`: the store's own layout, if it has one). */
export function currentIndexFormat(embedderId: string, dimensions: number, storage?: string): CurrentIndexFormat {
  const format: CurrentIndexFormat = { id: embedderId, dimensions, tokenizer: TOKENIZER_VERSION };
  if (storage !== undefined) format.storage = storage;
  return format;
}

/** The stored vectors and terms are those the embedder, the tokenizer and the layout of this build make. */
export function sameIndexFormat(stored: IndexFormat | undefined, current: CurrentIndexFormat): boolean {
  return (
    stored?.id === current.id &&
    stored.dimensions === current.dimensions &&
    stored.tokenizer === current.tokenizer &&
    stored.storage === current.storage
  );
}
