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
  const add = (hash: number, weight: number) => {
    sums[(hash & 0x7fffffff) % dimensions]! += hash & 0x80000000 ? -weight : weight;
  };
  for (const term of tokenize(text)) {
    let word = WORD_SEED;
    for (let i = 0; i < term.length; i += 1) word = fnvStep(word, term.charCodeAt(i));
    add(word, WORD_WEIGHT);
    const length = term.length + 2;
    const codeAt = (i: number) => (i === 0 ? BOUNDARY_START : i === length - 1 ? BOUNDARY_END : term.charCodeAt(i - 1));
    for (let i = 0; i + 3 <= length; i += 1) {
      add(fnvStep(fnvStep(fnvStep(GRAM_SEED, codeAt(i)), codeAt(i + 1)), codeAt(i + 2)), TRIGRAM_WEIGHT);
    }
  }
  const vector = new Float32Array(dimensions);
  sums.forEach((sum, i) => (vector[i] = Math.sign(sum) * Math.log1p(Math.abs(sum))));
  return normalize(vector);
}

function fnvStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME) >>> 0;
}
