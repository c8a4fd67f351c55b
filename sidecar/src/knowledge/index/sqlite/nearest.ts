// Exact nearest chunks: int8 SIMD scan for candidates, float32 rerank, candidates widened until the bound proves it.
import type { RankedPoints } from '../index-store.js';
import { quantizeInto } from './quantize.js';
import { TopK } from './top-k.js';
import type { TypeMask, UserIndex } from './user-index.js';

/** Exact cosines of the given point ids (one batched read of their float vectors). */
export type ExactScorer = (pointIds: readonly number[]) => Map<number, number>;

const FIRST_CANDIDATES = 100;
/** Past this many candidates the rerank stops widening; beyond it scores and counts are the int8 ones. */
const MAX_CANDIDATES = 4096;
/** usearch computes in float32; a margin for its rounding on top of the quantisation bound. */
const FLOAT_MARGIN = 1e-5;

interface Candidate {
  pointId: number;
  approx: number;
}

export function findNearest(
  index: UserIndex,
  query: Float32Array,
  mask: TypeMask,
  limit: number,
  minScore: number | undefined,
  exactScores: ExactScorer,
): RankedPoints {
  const segments = index.segmentsIn(mask);
  const live = segments.reduce((sum, s) => sum + s.live, 0);
  if (live === 0) return { hits: [], total: 0 };
  const queryError = quantizeInto(query, index.queryBuffer, 0);
  // |cos(a, b) − cos(a', b')| ≤ ‖a − a'‖ + ‖b − b'‖ for unit vectors.
  const margin = queryError + Math.max(...segments.map((s) => s.maxError)) + FLOAT_MARGIN;
  const exact = new Map<number, number>();
  let wanted = Math.max(FIRST_CANDIDATES, 2 * limit);
  for (;;) {
    const { candidates, floor } = gather(index, segments, Math.min(wanted, live));
    const rerank = candidates.slice(0, MAX_CANDIDATES);
    const unread = rerank.filter((c) => !exact.has(c.pointId)).map((c) => c.pointId);
    for (const [id, score] of exactScores(unread)) exact.set(id, score);
    const unseenBound = Math.max(floor, candidates[rerank.length]?.approx ?? -Infinity) + margin;
    const top = new TopK(limit);
    for (const c of rerank) {
      const score = exact.get(c.pointId);
      if (score !== undefined && (minScore === undefined || score >= minScore)) top.offer(c.pointId, score);
    }
    const hits = top.drain();
    const last = hits.at(-1)?.score ?? -Infinity;
    const beyondThreshold = minScore !== undefined && unseenBound < minScore;
    const hitsProven = unseenBound === -Infinity || beyondThreshold || (hits.length === limit && last >= unseenBound);
    const totalProven = minScore === undefined || unseenBound === -Infinity || beyondThreshold;
    const exhausted = wanted >= live || wanted >= MAX_CANDIDATES;
    if ((hitsProven && totalProven) || exhausted) {
      const total = minScore === undefined ? live : countAtLeast(candidates, exact, minScore, floor, index, segments);
      return { hits: hits.map(({ id, score }) => ({ pointId: String(id), score })), total };
    }
    wanted *= 4;
  }
}

/** The best `count` candidates over all segments, and a bound on the approximate score of every other chunk. */
function gather(
  index: UserIndex,
  segments: ReturnType<UserIndex['segmentsIn']>,
  count: number,
): { candidates: Candidate[]; floor: number } {
  let floor = -Infinity;
  const candidates: Candidate[] = [];
  for (const segment of segments) {
    const matches = segment.search(index.queryBuffer, count);
    floor = Math.max(floor, matches.floor);
    matches.owners.forEach((owner, i) =>
      candidates.push({ pointId: index.pointIdOf(owner), approx: matches.approx[i] ?? -1 }),
    );
  }
  candidates.sort((a, b) => b.approx - a.approx || a.pointId - b.pointId);
  if (candidates.length > count) {
    floor = Math.max(floor, candidates[count]?.approx ?? -Infinity);
    candidates.length = count;
  }
  return { candidates, floor };
}

/** Chunks scoring ≥ minScore: exact where reranked, int8 elsewhere (a full scan only when the bound demands it). */
function countAtLeast(
  candidates: Candidate[],
  exact: Map<number, number>,
  minScore: number,
  floor: number,
  index: UserIndex,
  segments: ReturnType<UserIndex['segmentsIn']>,
): number {
  const all = floor === -Infinity || floor < minScore ? candidates : gatherAll(index, segments);
  let total = 0;
  for (const c of all) if ((exact.get(c.pointId) ?? c.approx) >= minScore) total++;
  return total;
}

function gatherAll(index: UserIndex, segments: ReturnType<UserIndex['segmentsIn']>): Candidate[] {
  const live = segments.reduce((sum, s) => sum + s.live, 0);
  return gather(index, segments, live).candidates;
}
