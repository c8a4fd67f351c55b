// The zero-set-up embedder: feature hashing of words and character trigrams into a fixed-size vector. It works
// offline from the first start, but it is lexical: it matches shared words and word parts, not meaning.
import { tokenize } from '../text/tokenizer.js';
import { normalize, type Embedder } from './embedder.js';

const WORD_WEIGHT = 1;
const TRIGRAM_WEIGHT = 0.35;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const WORD_SEED = fnvStep(FNV_OFFSET, 0x77); // 'w': words and trigrams hash apart
const GRAM_SEED = fnvStep(FNV_OFFSET, 0x23); // '#'
const BOUNDARY_START = 0x3c; // '<'
const BOUNDARY_END = 0x3e; // '>'

export function createHashingEmbedder(dimensions = 384): Embedder {
  return {
    id: `hashing-v2:${dimensions}`,
    dimensions,
    kind: 'lexical',
    description:
      `hashing (built in, offline): ${dimensions}-dimensional hashed words and character trigrams. ` +
      'Lexical, not semantic: it finds shared words and word forms, not synonyms or paraphrases.',
    embed: (texts) => Promise.resolve(texts.map((text) => hashText(text, dimensions))),
  };
}

/**
 * Each word and each trigram of `<word>` adds its weight, with a sign from its hash, to the bucket its hash picks;
 * buckets are damped (sign · log(1 + |sum|)) so repeated words count sublinearly, then the vector is normalised.
 */
export function hashText(text: string, dimensions: number): Float32Array {
  const sums = new Float64Array(dimensions);
  for (const term of tokenize(text)) addTerm(sums, term);
  const vector = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i += 1) {
    const sum = sums[i]!;
    vector[i] = Math.sign(sum) * Math.log1p(Math.abs(sum));
  }
  return normalize(vector);
}

/**
 * Adds one term: its word hash, then the trigrams of `<term>` rolled along the term (no closures or strings made
 * per term: this loop is most of the embedder's time). The additions keep their order, so the sums are exact.
 */
function addTerm(sums: Float64Array, term: string): void {
  const dimensions = sums.length;
  let word = WORD_SEED;
  for (let i = 0; i < term.length; i += 1) word = fnvStep(word, term.charCodeAt(i));
  sums[(word & 0x7fffffff) % dimensions]! += word & 0x80000000 ? -WORD_WEIGHT : WORD_WEIGHT;
  let first = BOUNDARY_START;
  let second = term.charCodeAt(0);
  for (let i = 1; i <= term.length; i += 1) {
    const third = i === term.length ? BOUNDARY_END : term.charCodeAt(i);
    const gram = fnvStep(fnvStep(fnvStep(GRAM_SEED, first), second), third);
    sums[(gram & 0x7fffffff) % dimensions]! += gram & 0x80000000 ? -TRIGRAM_WEIGHT : TRIGRAM_WEIGHT;
    first = second;
    second = third;
  }
}

function fnvStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME) >>> 0;
}
