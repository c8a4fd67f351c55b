// One interface for every embedding provider, and the vector helpers they share.

export interface Embedder {
  /** Names provider, model and dimension; the index is rebuilt when it changes. */
  readonly id: string;
  readonly dimensions: number;
  /** `lexical`: vectors of the words themselves (no model); `semantic`: a language model's vectors. */
  readonly kind: 'lexical' | 'semantic';
  /** What to tell a user about it (status, README). */
  readonly description: string;
  /** L2-normalised vectors, one per text, in order. Throws EmbedderUnavailableError when the service fails. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** The embedding service cannot be reached or answered nonsense: the queue waits, search falls back to BM25. */
export class EmbedderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbedderUnavailableError';
  }
}

/** Scales `vector` to length 1 in place (a zero vector stays zero). */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) vector[i]! /= norm;
  return vector;
}
