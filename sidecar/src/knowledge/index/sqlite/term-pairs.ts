// Chunks' terms as stored: numbered through the user's term dictionary, packed as (term_no, tf) uint32 pairs.
import type { SqliteSqlDatabase } from '../../../store/sql/sqlite-database.js';
import { documentTokenizer, queryWordTerms } from '../../text/bm25-text.js';
import { termFrequencies } from '../../text/tokenizer.js';
import type { IndexStatements } from './index-rows.js';
import type { TermPairs } from './postings.js';
import type { TimeSlices } from '../time-slices.js';

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
    const terms = tokenizer.chunkTerms(text);
    const frequencies = termFrequencies(terms);
    for (const term of frequencies.keys()) if (!numbers.has(term)) unknown.add(term);
    counted.push({ length: terms.length, frequencies });
    if (slices.due || unknown.size >= TERM_BATCH) {
      await pack();
      await slices.pause();
    }
  }
  await pack();
  return chunks;
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
