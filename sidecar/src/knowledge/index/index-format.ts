// What an index records about how its vectors and terms were made, and whether they are still the current ones.
import { TOKENIZER_VERSION } from '../text/bm25-text.js';

export interface IndexFormat {
  /** The embedder's id and dimension, as `useEmbedder` was given them. */
  id: string;
  dimensions: number;
  /** The tokenizer version (bm25-text.ts) the index's terms were made with; absent in indexes older than it. */
  tokenizer?: string;
}

/** The format an index of this embedder gets from this build. */
export function currentIndexFormat(embedderId: string, dimensions: number): Required<IndexFormat> {
  return { id: embedderId, dimensions, tokenizer: TOKENIZER_VERSION };
}

/** The stored vectors and terms are those the embedder and the tokenizer of this build make. */
export function sameIndexFormat(stored: IndexFormat | undefined, current: Required<IndexFormat>): boolean {
  return (
    stored?.id === current.id && stored.dimensions === current.dimensions && stored.tokenizer === current.tokenizer
  );
}
