// The BM25 formula both index stores implement (Robertson/Spärck Jones with Lucene's non-negative IDF).
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** IDF of a term found in `documentFrequency` of `documentCount` chunks. */
export function bm25Idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * Share of the rest of its document's evidence a chunk's score gains: a document whose text matches in several chunks
 * outranks one matching as well in a single chunk, without long documents winning by length alone (measured on the
 * Cranfield bench in bench/; see docs/knowledge.md).
 */
export const DOCUMENT_EVIDENCE_WEIGHT = 0.03;

/** A chunk's ranking score: its own BM25 plus the damped BM25 of the other matching chunks of its document. */
export function withDocumentEvidence(chunkScore: number, documentTotal: number): number {
  return chunkScore + DOCUMENT_EVIDENCE_WEIGHT * (documentTotal - chunkScore);
}

/**
 * The most BM25 a chunk could score for a query (`wordTerms`: per query word, the terms it is looked up by): every
 * word matched by its rarest term the index has, at saturating frequency. A word none of whose terms the index has
 * counts as the rarest possible, so a query half of whose words appear nowhere can reach only about half of it.
 */
export function bm25Attainable(
  wordTerms: readonly (readonly string[])[],
  documentCount: number,
  documentFrequency: (term: string) => number,
): number {
  let attainable = 0;
  for (const terms of wordTerms) {
    const known = terms.map(documentFrequency).filter((frequency) => frequency > 0);
    attainable += bm25Idf(documentCount, known.length > 0 ? Math.min(...known) : 0) * (BM25_K1 + 1);
  }
  return attainable;
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
