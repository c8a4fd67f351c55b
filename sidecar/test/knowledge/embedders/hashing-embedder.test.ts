// The built-in embedder's vectors are part of every stored index: a faster implementation must give the very same
// numbers (else indexes would need a rebuild), and the tokenizer's ASCII fast path must find the same words.
import { describe, expect, it } from 'vitest';
import { createHashingEmbedder, hashText } from '../../../src/knowledge/embedders/hashing-embedder.js';
import { foldText, wordsOfFolded } from '../../../src/knowledge/text/tokenizer.js';

const TEXT = 'Boundary layers\nThe boundary-layer flow over 2 flat plates, Ünïcode ﬁle tests.';

describe('hashing embedder', () => {
  it('gives the vector the first hashing-v2 implementation gave (pinned figures)', () => {
    const vector = hashText(TEXT, 64);
    expect(Array.from(vector.slice(0, 8))).toEqual([
      -0.08676223456859589, -0.28715571761131287, 0.08676223456859589, 0.15340816974639893, 0, 0, -0.08676223456859589,
      0,
    ]);
    expect(Array.from(vector).reduce((sum, x, i) => sum + x * (i + 1), 0)).toBeCloseTo(-5.108429655432701, 12);
  });

  it('keeps its id, so stored indexes stay valid', () => {
    expect(createHashingEmbedder(384).id).toBe('hashing-v2:384');
  });
});

describe('tokenizer ASCII path', () => {
  it('finds the same words in ASCII text as in the same text with one accented letter added', () => {
    const ascii = 'Flow_over 2 PLATES, x1-y2 ' + 'z'.repeat(41) + ' ' + 'y'.repeat(40) + ' end';
    const words = wordsOfFolded(foldText(ascii));
    expect(words).toEqual(['flow', 'over', '2', 'plates', 'x1', 'y2', 'y'.repeat(40), 'end']);
    expect(wordsOfFolded(foldText(`${ascii} é`))).toEqual([...words, 'e']);
  });
});
