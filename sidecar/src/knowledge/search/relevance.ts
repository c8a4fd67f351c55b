// The 0–1 relevance of a hit, comparable across queries and algorithms, and the cut-off below which a hit is no
// close match. bm25: the chunk's BM25 over the most the query could score (every word matched by its rarest indexed
// term at saturating frequency, words the index lacks counted as the rarest possible); semantic: the cosine
// similarity; hybrid: the bm25 relevance of a hit BM25 found, else its cosine weighted as the fusion weights it.
import type { RankedPoints } from '../index/index-store.js';

/**
 * Below this relevance a hit is no close match: the search page holds such hits back and the answer says
 * `no_close_matches` when none reaches it. Chosen on the Cranfield bench (bench/knowledge-ranking.ts prints the
 * share of judged-relevant hits above it and of queries with no close match).
 */
export const RELEVANCE_CUTOFF = 0.2;

/** A BM25 score over the query's attainable maximum, at most 1 (a document's other chunks may add a little). */
export function bm25Relevance(score: number, attainable: number | undefined): number {
  return attainable && attainable > 0 ? Math.min(1, Math.max(0, score / attainable)) : 0;
}

/** Cosine similarity, clamped to 0–1. */
export function semanticRelevance(cosine: number): number {
  return Math.min(1, Math.max(0, cosine));
}

/** The relevance of each fused point: its bm25 relevance where BM25 found it, else its weighted cosine. */
export function hybridRelevance(
  lexical: RankedPoints,
  semantic: RankedPoints,
  semanticWeight: number,
): (pointId: string) => number {
  const lexicalScores = new Map(lexical.hits.map((hit) => [hit.pointId, hit.score]));
  const cosines = new Map(semantic.hits.map((hit) => [hit.pointId, hit.score]));
  return (pointId) => {
    const score = lexicalScores.get(pointId);
    if (score !== undefined) return bm25Relevance(score, lexical.attainable);
    return semanticRelevance(cosines.get(pointId) ?? 0) * Math.min(1, semanticWeight);
  };
}
