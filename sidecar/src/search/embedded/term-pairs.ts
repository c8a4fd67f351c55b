// Chunks' terms as stored: numbered through the user's term dictionary, packed as (term_no, tf) uint32 pairs.
import { termFrequencies, tokenize } from '../tokenizer.js';
import type { IndexStatements } from './index-rows.js';
import type { TermPairs } from './postings.js';

export interface ChunkTerms {
  /** How many terms title + "\n" + text has (BM25's chunk length). */
  length: number;
  pairs: TermPairs;
}

/**
 * Tokenises each text once and numbers its terms in `userId`'s dictionary, adding the terms it lacks (call inside
 * the write's transaction).
 */
export function numberTerms(sql: IndexStatements, userId: string, texts: readonly string[]): ChunkTerms[] {
  const counted = texts.map((text) => {
    const terms = tokenize(text);
    return { length: terms.length, frequencies: termFrequencies(terms) };
  });
  const distinct = new Set<string>();
  for (const { frequencies } of counted) for (const term of frequencies.keys()) distinct.add(term);
  if (distinct.size === 0) return counted.map(({ length }) => ({ length, pairs: new Uint32Array(0) }));
  const numbers = new Map<string, number>();
  for (const row of sql.termNumbers.all(userId, JSON.stringify([...distinct]))) numbers.set(row.term, row.term_no);
  let next: number | undefined;
  for (const term of distinct) {
    if (numbers.has(term)) continue;
    next ??= sql.termCount.get(userId)?.n ?? 0;
    sql.insertTerm.run(userId, term, next);
    numbers.set(term, next++);
  }
  return counted.map(({ length, frequencies }) => {
    const pairs = new Uint32Array(frequencies.size * 2);
    let at = 0;
    for (const [term, tf] of frequencies) {
      pairs[at++] = numbers.get(term) ?? 0;
      pairs[at++] = tf;
    }
    return { length, pairs };
  });
}

/** The distinct numbers of the query's terms the user has (unknown terms match nothing and are left out). */
export function queryTermNumbers(sql: IndexStatements, userId: string, query: string): number[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0) return [];
  return sql.termNumbers.all(userId, JSON.stringify(terms)).map((row) => row.term_no);
}

export function blobFromPairs(pairs: TermPairs): Buffer {
  return Buffer.from(pairs.buffer, pairs.byteOffset, pairs.byteLength);
}

/** The pairs of a stored blob: a view when the blob is aligned, else a copy (into `scratch` when it fits). */
export function pairsFromBlob(blob: Buffer, scratch?: Uint32Array): TermPairs {
  const count = blob.byteLength >>> 2;
  if (blob.byteOffset % 4 === 0) return new Uint32Array(blob.buffer, blob.byteOffset, count);
  const pairs = scratch && scratch.length >= count ? scratch.subarray(0, count) : new Uint32Array(count);
  new Uint8Array(pairs.buffer, pairs.byteOffset, blob.byteLength).set(blob);
  return pairs;
}
