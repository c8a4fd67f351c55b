// The BM25 formula both index stores implement (Robertson/Spärck Jones with Lucene's non-negative IDF).
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** IDF of a term found in `documentFrequency` of `documentCount` chunks. */
export function bm25Idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** One term's contribution to a chunk's score. */
export function bm25TermScore(
  termFrequency: number,
  chunkLength: number,
  averageChunkLength: number,
  idf: number,
): number {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * chunkLength) / (averageChunkLength || 1));
  return (idf * (termFrequency * (BM25_K1 + 1))) / (termFrequency + norm);
}
