// The zero-set-up embedder: feature hashing of words and character trigrams into a fixed-size vector. It works
// offline from the first start, but it is lexical: it matches shared words and word parts, not meaning.
import { tokenize } from '../tokenizer.js';
import { normalize, type Embedder } from './embedder.js';

const WORD_WEIGHT = 1;
const TRIGRAM_WEIGHT = 0.35;

export function createHashingEmbedder(dimensions = 384): Embedder {
  return {
    id: `hashing-v1:${dimensions}`,
    dimensions,
    kind: 'lexical',
    description:
      `hashing (built in, offline): ${dimensions}-dimensional hashed words and character trigrams. ` +
      'Lexical, not semantic: it finds shared words and word forms, not synonyms or paraphrases.',
    embed: (texts) => Promise.resolve(texts.map((text) => hashText(text, dimensions))),
  };
}

export function hashText(text: string, dimensions: number): Float32Array {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) {
    counts.set(term, (counts.get(term) ?? 0) + WORD_WEIGHT);
    const padded = `<${term}>`;
    for (let i = 0; i + 3 <= padded.length; i += 1) {
      const gram = `#${padded.slice(i, i + 3)}`;
      counts.set(gram, (counts.get(gram) ?? 0) + TRIGRAM_WEIGHT);
    }
  }
  const vector = new Float32Array(dimensions);
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    const sign = hash & 0x80000000 ? -1 : 1;
    vector[(hash & 0x7fffffff) % dimensions]! += sign * Math.log1p(count);
  }
  return normalize(vector);
}

/** 32-bit FNV-1a over UTF-16 code units. */
function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
