// Fuses a BM25 ranking and a vector ranking into one: reciprocal rank fusion (rrf) or distribution-based score
// fusion (dbsf: each list's scores scaled by mean ± 3 standard deviations, then summed).
import type { ScoredPoint } from '../index/index-store.js';

export const FUSIONS = ['rrf', 'dbsf'] as const;
export type Fusion = (typeof FUSIONS)[number];

/** The constant of reciprocal rank fusion (Cormack et al.). */
export const RRF_K = 60;

export interface FusedPoint {
  pointId: string;
  /** 0–1: the fused score divided by the most any point could get. */
  score: number;
  /** The fusion's own value (rrf: Σ 1/(k + rank); dbsf: Σ scaled scores). */
  rawScore: number;
}

/** `weights` (one per list, default 1 each) scale each list's contribution. */
export function fuse(
  fusion: Fusion,
  lists: readonly (readonly ScoredPoint[])[],
  weights: readonly number[] = lists.map(() => 1),
): FusedPoint[] {
  const totals = new Map<string, number>();
  const add = (pointId: string, value: number) => totals.set(pointId, (totals.get(pointId) ?? 0) + value);
  lists.forEach((list, i) => {
    const weight = weights[i] ?? 1;
    if (fusion === 'rrf') list.forEach((point, rank) => add(point.pointId, weight / (RRF_K + rank + 1)));
    else for (const [pointId, value] of scaleByDistribution(list)) add(pointId, weight * value);
  });
  const weightSum = lists.reduce((sum, _, i) => sum + (weights[i] ?? 1), 0);
  const best = fusion === 'rrf' ? weightSum / (RRF_K + 1) : weightSum;
  return [...totals]
    .map(([pointId, rawScore]) => ({ pointId, rawScore, score: best > 0 ? Math.min(1, rawScore / best) : 0 }))
    .sort((a, b) => b.rawScore - a.rawScore || compareIds(a.pointId, b.pointId));
}

function scaleByDistribution(list: readonly ScoredPoint[]): [string, number][] {
  if (list.length === 0) return [];
  const mean = list.reduce((sum, point) => sum + point.score, 0) / list.length;
  const variance = list.reduce((sum, point) => sum + (point.score - mean) ** 2, 0) / list.length;
  const deviation = Math.sqrt(variance);
  if (deviation === 0) return list.map((point) => [point.pointId, 1]);
  const low = mean - 3 * deviation;
  const span = 6 * deviation;
  return list.map((point) => [point.pointId, Math.min(1, Math.max(0, (point.score - low) / span))]);
}

/** Ties go to the lower id, so equal scores always come back in the same order. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
