// The typed-array postings against a plain model: block filled at load, appends, removals, slot reuse and merges.
import { describe, expect, it } from 'vitest';
import { Postings } from '../../../src/knowledge/index/sqlite/postings.js';
import { seeded } from './index-fixtures.js';

type Model = Map<number, Map<number, number>>;

function randomPairs(random: () => number, terms: number): Uint32Array {
  const chosen = new Map<number, number>();
  const count = 1 + Math.floor(random() * 12);
  for (let i = 0; i < count; i++) {
    const big = random() < 0.01;
    chosen.set(
      Math.floor(random() ** 2 * terms),
      big ? 70_000 + Math.floor(random() * 9) : 1 + Math.floor(random() * 5),
    );
  }
  return Uint32Array.from([...chosen].flat());
}

function expectSame(postings: Postings, model: Model, terms: number): void {
  for (let term = 0; term < terms; term++) {
    const seen = new Map<number, number>();
    postings.forEach(term, (slot, tf) => {
      expect(seen.has(slot)).toBe(false);
      seen.set(slot, tf);
    });
    const wanted = new Map<number, number>();
    for (const [slot, pairs] of model) if (pairs.has(term)) wanted.set(slot, pairs.get(term)!);
    expect(seen).toEqual(wanted);
    expect(postings.documentFrequency(term)).toBe(wanted.size);
  }
}

describe('Postings', () => {
  it.each([
    ['merges when asked', undefined],
    ['merges a few terms per operation, checked while a merge is half done', { minAppended: 40, mergeWorkMin: 0 }],
  ])('matches a plain model through a load, writes, removals with slot reuse and %s', (_, limits) => {
    for (const seed of [1, 2, 3]) {
      const random = seeded(seed);
      const terms = 300;
      const postings = new Postings(limits);
      const model: Model = new Map();
      const loaded = Array.from({ length: 400 }, () => randomPairs(random, terms));
      const counts = new Uint32Array(terms);
      for (const pairs of loaded) for (let i = 0; i < pairs.length; i += 2) counts[pairs[i]!]!++;
      postings.allocate(counts);
      loaded.forEach((pairs, slot) => {
        postings.add(slot, pairs);
        model.set(
          slot,
          new Map(Array.from({ length: pairs.length / 2 }, (_, i) => [pairs[2 * i]!, pairs[2 * i + 1]!])),
        );
      });
      const stored = new Map(loaded.map((pairs, slot) => [slot, pairs]));
      expectSame(postings, model, terms);
      const free: number[] = [];
      let next = loaded.length;
      for (let step = 0; step < 3000; step++) {
        if (random() < 0.5 && stored.size > 0) {
          const slots = [...stored.keys()];
          const slot = slots[Math.floor(random() * slots.length)]!;
          postings.remove(slot, stored.get(slot)!);
          stored.delete(slot);
          model.delete(slot);
          free.push(slot);
        } else {
          const slot =
            free.length > 0 && random() < 0.7 ? free.splice(Math.floor(random() * free.length), 1)[0]! : next++;
          const pairs = randomPairs(random, terms + 20);
          postings.add(slot, pairs);
          stored.set(slot, pairs);
          model.set(
            slot,
            new Map(Array.from({ length: pairs.length / 2 }, (_, i) => [pairs[2 * i]!, pairs[2 * i + 1]!])),
          );
        }
        if (step % 700 === 0) postings.merge();
        if (step % (limits ? 37 : 250) === 0) expectSame(postings, model, terms + 20);
      }
      expectSame(postings, model, terms + 20);
      postings.merge();
      expectSame(postings, model, terms + 20);
    }
  });
});
