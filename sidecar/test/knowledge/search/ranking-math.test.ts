// Fusion, PCA, the hashing embedder and excerpts: the arithmetic the search answers rest on.
import { describe, expect, it } from 'vitest';
import { hashText } from '../../../src/knowledge/embedders/hashing-embedder.js';
import { makeExcerpt } from '../../../src/knowledge/search/excerpt.js';
import { fuse, RRF_K } from '../../../src/knowledge/search/fusion.js';
import { projectToThreeDimensions } from '../../../src/knowledge/search/pca.js';
import { QueryTermFinder } from '../../../src/knowledge/search/query-term-finder.js';
import { tokenize } from '../../../src/knowledge/text/tokenizer.js';

const points = (...ids: string[]) => ids.map((pointId, i) => ({ pointId, score: 10 - i }));

describe('fuse', () => {
  it('rrf adds 1/(k + rank) over the lists and scales by the best possible', () => {
    const fused = fuse('rrf', [points('a', 'b', 'c'), points('b', 'd')]);
    const b = 1 / (RRF_K + 2) + 1 / (RRF_K + 1);
    expect(fused[0]).toEqual({ pointId: 'b', rawScore: b, score: b / (2 / (RRF_K + 1)) });
    expect(fused.map((p) => p.pointId)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('weights each list: a light second list only breaks ties and fills in after the first', () => {
    const fused = fuse('rrf', [points('a', 'b'), points('b', 'c')], [1, 0.05]);
    expect(fused.map((p) => p.pointId)).toEqual(['b', 'a', 'c']);
    expect(fused[2]!.rawScore).toBeCloseTo(0.05 / (RRF_K + 2), 12);
    expect(fused[0]!.score).toBeCloseTo((1 / (RRF_K + 2) + 0.05 / (RRF_K + 1)) / (1.05 / (RRF_K + 1)), 12);
  });

  it('dbsf scales each list by mean ± 3 standard deviations and sums', () => {
    const lexical = [
      { pointId: 'a', score: 9 },
      { pointId: 'b', score: 1 },
    ];
    const fused = fuse('dbsf', [lexical, [{ pointId: 'b', score: 0.5 }]]);
    // lexical: mean 5, deviation 4 → a = (9 - (5 - 12)) / 24 = 16/24, b = 8/24; a single score scales to 1.
    expect(fused.find((p) => p.pointId === 'a')!.rawScore).toBeCloseTo(16 / 24, 12);
    expect(fused.find((p) => p.pointId === 'b')!.rawScore).toBeCloseTo(8 / 24 + 1, 12);
    expect(fused[0]!.pointId).toBe('b');
  });
});

describe('projectToThreeDimensions', () => {
  const vectors = Array.from({ length: 12 }, (_, i) =>
    Float32Array.from({ length: 16 }, (_, j) => Math.sin(i * 1.3 + j * 0.7) + (j === i % 16 ? 2 : 0)),
  );

  it('gives the same coordinates and ratios twice, with ratios that sum to at most 1 in decreasing order', () => {
    const first = projectToThreeDimensions(vectors);
    const second = projectToThreeDimensions(vectors.map((v) => Float32Array.from(v)));
    expect(second).toEqual(first);
    const [a, b, c] = first.explainedVariance;
    expect(a).toBeGreaterThanOrEqual(b);
    expect(b).toBeGreaterThanOrEqual(c);
    expect(a + b + c).toBeLessThanOrEqual(1 + 1e-9);
    expect(a + b + c).toBeGreaterThan(0.3);
  });

  it('keeps distances of points that lie in a 3D subspace', () => {
    const basis = [0, 1, 2].map((k) => Float32Array.from({ length: 8 }, (_, j) => (j === k ? 1 : 0)));
    const inPlane = [
      [1, 0.2, 0.1],
      [0.1, 1, 0.3],
      [0.3, 0.2, 1],
      [1, 1, 0.2],
      [0.5, 0.1, 0.9],
    ].map(([x, y, z]) => {
      const v = new Float32Array(8);
      basis.forEach((e, k) => e.forEach((value, j) => (v[j]! += value * [x!, y!, z!][k]!)));
      const norm = Math.hypot(...v);
      return v.map((value) => value / norm);
    });
    const { coordinates, explainedVariance } = projectToThreeDimensions(inPlane);
    expect(explainedVariance.reduce((s, r) => s + r, 0)).toBeCloseTo(1, 6);
    const distance = (p: number[], q: number[]) => Math.hypot(...p.map((x, i) => x - q[i]!));
    expect(distance(coordinates[0]!, coordinates[1]!)).toBeCloseTo(distance([...inPlane[0]!], [...inPlane[1]!]), 5);
  });

  it('answers zeros for fewer than two points', () => {
    expect(projectToThreeDimensions([new Float32Array([1, 0])]).coordinates).toEqual([[0, 0, 0]]);
  });
});

describe('hashText', () => {
  it('is L2-normalised, deterministic and closer for texts that share words and word forms', () => {
    const meeting = hashText('Weekly team meeting about the budget', 384);
    const meetings = hashText('budget meetings of the team', 384);
    const recipe = hashText('A recipe for tomato soup with basil', 384);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(dot(meeting, meeting)).toBeCloseTo(1, 5);
    expect(hashText('Weekly team meeting about the budget', 384)).toEqual(meeting);
    expect(dot(meeting, meetings)).toBeGreaterThan(dot(meeting, recipe) + 0.3);
  });
});

describe('tokenize and makeExcerpt', () => {
  it('folds case, accents and plurals', () => {
    expect(tokenize('Über Meetings, BOXES & berries: café')).toEqual(['uber', 'meeting', 'box', 'berry', 'cafe']);
  });

  it('centres the excerpt on the first query term and marks cut ends', () => {
    const text = `${'intro words '.repeat(60)}the invoice number is 4711 ${'closing words '.repeat(60)}`;
    const excerpt = makeExcerpt(text, new QueryTermFinder(new Set(tokenize('Invoices'))));
    expect(excerpt).toContain('invoice number is 4711');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(302);
  });

  it('finds a query term in accented text by its folded form, at its place in the text', () => {
    const text = `${'Grüße aus Zürich '.repeat(30)}ein Besuch im CAFÉS am See ${'schöne Grüße '.repeat(40)}`;
    const excerpt = makeExcerpt(text, new QueryTermFinder(new Set(tokenize('cafe'))));
    expect(excerpt).toContain('Besuch im CAFÉS am See');
    expect(excerpt.startsWith('…')).toBe(true);
  });
});
