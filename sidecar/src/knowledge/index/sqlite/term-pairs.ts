// Chunks' terms as stored: numbered through the user's term dictionary, packed as (term_no, tf) varint pairs.
import type { SqliteSqlDatabase } from '../../../store/sql/sqlite-database.js';
import { documentTokenizer, queryWordTerms, type CountedTerms } from '../../text/bm25-text.js';
import type { IndexStatements } from './index-rows.js';
import type { TermPairs } from './postings.js';
import type { TimeSlices } from '../time-slices.js';
import type { TermNumbers } from './term-numbers.js';

export interface ChunkTerms {
  /** How many terms title + "\n" + text has (BM25's chunk length). */
  length: number;
  pairs: TermPairs;
}

/** Terms numbered per transaction: a small transaction each, so no write holds the database (or the loop) long. */
const TERM_BATCH = 512;

/**
 * Tokenises title + "\n" + text of each chunk once, in the document's language, and numbers its terms in `userId`'s dictionary, adding the terms
 * it lacks, in slices that yield to the event loop (each slice's chunks are packed before the next is tokenised, so
 * little lives long). Dictionary rows are written in their own small transactions: a number no chunk uses yet (a
 * write that fails later) is harmless.
 */
export async function numberTerms(
  db: SqliteSqlDatabase,
  sql: IndexStatements,
  userId: string,
  title: string,
  texts: readonly string[],
  slices: TimeSlices,
): Promise<ChunkTerms[]> {
  const numbers = new Map<string, number>();
  const numberBatch = (batch: readonly string[]) => {
    for (const row of sql.termNumbers.all(userId, JSON.stringify(batch))) numbers.set(row.term, row.term_no);
    let next: number | undefined;
    for (const term of batch) {
      if (numbers.has(term)) continue;
      next ??= sql.termCount.get(userId)?.n ?? 0;
      sql.insertTerm.run(userId, term, next);
      numbers.set(term, next++);
    }
  };
  const chunks: ChunkTerms[] = [];
  let counted: { length: number; frequencies: Map<string, number> }[] = [];
  let unknown = new Set<string>();
  const pack = async () => {
    const missing = [...unknown];
    for (let i = 0; i < missing.length; i += TERM_BATCH) {
      const batch = missing.slice(i, i + TERM_BATCH);
      await db.exclusive((raw) => raw.transaction(numberBatch)(batch));
      await slices.pause();
    }
    for (const { length, frequencies } of counted) {
      const pairs = new Uint32Array(frequencies.size * 2);
      let at = 0;
      for (const [term, tf] of frequencies) {
        pairs[at++] = numbers.get(term) ?? 0;
        pairs[at++] = tf;
      }
      chunks.push({ length, pairs });
    }
    counted = [];
    unknown = new Set();
  };
  const tokenizer = documentTokenizer(title, texts);
  for (const text of texts) {
    const chunk = tokenizer.chunkCounts(text);
    for (const term of chunk.frequencies.keys()) if (!numbers.has(term)) unknown.add(term);
    counted.push(chunk);
    if (slices.due || unknown.size >= TERM_BATCH) {
      // The tokenising slice ends before the numbering starts: the new terms' transactions get slices of their own.
      await slices.pause();
      await pack();
      await slices.pause();
    }
  }
  await pack();
  return chunks;
}

/** Tokenises title + "\n" + text of each chunk in the document's language, yielding between slices. */
export async function countTerms(title: string, texts: readonly string[], slices: TimeSlices): Promise<CountedTerms[]> {
  const tokenizer = documentTokenizer(title, texts);
  const counted: CountedTerms[] = [];
  for (const text of texts) {
    counted.push(tokenizer.chunkCounts(text));
    await slices.pause();
  }
  return counted;
}

/**
 * Numbers counted chunks' terms in `userId`'s dictionary, adding the terms it lacks, in the caller's transaction:
 * a small document's terms and chunks are then written in one transaction (one commit instead of two).
 */
export function numberCounted(dictionary: TermNumbers, userId: string, counted: readonly CountedTerms[]): ChunkTerms[] {
  const terms = new Set<string>();
  for (const { frequencies } of counted) for (const term of frequencies.keys()) terms.add(term);
  const numbers = dictionary.numberAll(userId, [...terms]);
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

/** How many different terms the counted chunks have together. */
export function distinctTerms(counted: readonly CountedTerms[]): number {
  const terms = new Set<string>();
  for (const { frequencies } of counted) for (const term of frequencies.keys()) terms.add(term);
  return terms.size;
}

export interface QueryTermNumbers {
  /** Per query word, its terms (bm25-text.ts `queryWordTerms`). */
  wordTerms: string[][];
  /** Term → number, for the query's terms the user has (unknown terms match nothing and are left out). */
  numbers: Map<string, number>;
}

/** The query's terms and the numbers of those the user has. */
export function queryTermNumbers(sql: IndexStatements, userId: string, query: string): QueryTermNumbers {
  const wordTerms = queryWordTerms(query);
  const terms = [...new Set(wordTerms.flat())];
  if (terms.length === 0) return { wordTerms, numbers: new Map() };
  const rows = sql.termNumbers.all(userId, JSON.stringify(terms));
  return { wordTerms, numbers: new Map(rows.map((row) => [row.term, row.term_no])) };
}

/**
 * The stored form of a chunk's terms: pairs sorted by term number, each as two LEB128 varints (the term number's
 * distance from the previous one, then the tf) — two or three bytes a pair instead of eight.
 */
export function blobFromPairs(pairs: TermPairs): Buffer {
  const bytes = new Uint8Array(pairs.length * 5);
  let at = 0;
  let previous = 0;
  for (const i of pairsByTerm(pairs)) {
    const term = pairs[i] ?? 0;
    at = putVarint(bytes, at, term - previous);
    at = putVarint(bytes, at, pairs[i + 1] ?? 0);
    previous = term;
  }
  return Buffer.from(bytes.buffer, 0, at);
}

/** A pair's term number and its place together as one number, term · PAIR_PLACES + place, exact up to 2^53. */
const PAIR_PLACES = 2 ** 21;

/**
 * The offsets of the pairs in `pairs`, by term number. Term numbers are distinct within a chunk, so sorting each
 * pair's term · PAIR_PLACES + place as plain numbers (a typed array's native sort, no comparator) orders them.
 */
function pairsByTerm(pairs: TermPairs): Uint32Array {
  const count = pairs.length >> 1;
  const order = new Uint32Array(count);
  if (count >= PAIR_PLACES) {
    for (let place = 0; place < count; place++) order[place] = 2 * place;
    return order.sort((a, b) => (pairs[a] ?? 0) - (pairs[b] ?? 0));
  }
  const keys = new Float64Array(count);
  for (let place = 0; place < count; place++) keys[place] = (pairs[2 * place] ?? 0) * PAIR_PLACES + place;
  keys.sort();
  for (let i = 0; i < count; i++) order[i] = 2 * (keys[i]! % PAIR_PLACES);
  return order;
}

/** Writes `value` as an LEB128 varint at `at`; returns where the next byte goes. */
function putVarint(bytes: Uint8Array, at: number, value: number): number {
  let rest = value;
  let next = at;
  while (rest >= 0x80) {
    bytes[next++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  bytes[next++] = rest;
  return next;
}

/** The pairs of a stored blob (into `scratch` when it holds them: a blob of n bytes has at most n/2 pairs). */
export function pairsFromBlob(blob: Uint8Array, scratch?: Uint32Array): TermPairs {
  const room = blob.byteLength;
  const pairs = scratch && scratch.length >= room ? scratch : new Uint32Array(room);
  let at = 0;
  let term = 0;
  let i = 0;
  while (i < blob.length) {
    for (let half = 0; half < 2; half++) {
      let byte = blob[i++] ?? 0;
      let value = byte & 0x7f;
      // Most values take one byte; a longer one adds 7 bits a byte (multiplied: exact past 2³¹, unlike a shift).
      for (let factor = 0x80; byte & 0x80; factor *= 0x80) {
        byte = blob[i++] ?? 0;
        value += (byte & 0x7f) * factor;
      }
      if (half === 0) pairs[at++] = term += value;
      else pairs[at++] = value;
    }
  }
  return pairs.subarray(0, at);
}

/** Distinct terms a small document may number in its write's own transaction. */
const INLINE_TERMS = 1024;

/**
 * How a small document's terms get their numbers. Few distinct terms (an abstract, a note): a getter the write's own
 * transaction calls. Many: numbered now, in groups of at most INLINE_TERMS distinct terms, one `write` transaction
 * each with a pause between them, so that no single transaction adds thousands of dictionary rows.
 */
export async function numberForWrite(
  dictionary: TermNumbers,
  userId: string,
  counted: readonly CountedTerms[],
  options: { slices: TimeSlices; write: <T>(work: () => T) => Promise<T> },
): Promise<() => readonly ChunkTerms[]> {
  if (distinctTerms(counted) <= INLINE_TERMS) return () => numberCounted(dictionary, userId, counted);
  const numbered: ChunkTerms[] = [];
  for (let from = 0; from < counted.length;) {
    let to = from + 1;
    while (to < counted.length && distinctTerms(counted.slice(from, to + 1)) <= INLINE_TERMS) to++;
    const group = counted.slice(from, to);
    numbered.push(...(await options.write(() => numberCounted(dictionary, userId, group))));
    await options.slices.pause();
    from = to;
  }
  return () => numbered;
}
