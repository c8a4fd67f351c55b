// Seeded synthetic text, vectors and chunks for the index stores' tests, and a migrated SQLite database to index in.
import { chunkDocument } from '../../../src/knowledge/text/chunker.js';
import type { ChunkInput } from '../../../src/knowledge/index/index-store.js';
import { loadMigrations } from '../../../src/store/migration-files.js';
import { createMigrator } from '../../../src/store/migrator.js';
import { openSqliteDatabase, type SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';

/** Deterministic 32-bit PRNG (mulberry32): every run builds the same corpus. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticText {
  readonly random: () => number;
  /** The vocabulary, most frequent first. */
  readonly words: readonly string[];
  /** Words drawn Zipf-like up to `size` characters; `marker`, when given, stands about every 1,000 characters. */
  text(size: number, marker?: string): string;
  /** A random unit vector. */
  vector(dimensions: number): Float32Array;
  /** `body` cut as documents are (1,200 characters, 200 overlapping), at most `max` chunks, each with a vector. */
  chunks(body: string, dimensions: number, max?: number): ChunkInput[];
}

/**
 * Text of a `vocabulary`-word vocabulary, a word's rank drawn as random^`skew` (2.5 over 30,000 words: about 150
 * distinct terms per 1,200-character chunk, as prose has).
 */
export function syntheticText(seed: number, { vocabulary = 30_000, skew = 2.5 } = {}): SyntheticText {
  const random = seeded(seed);
  const words = Array.from({ length: vocabulary }, (_, i) => `w${i.toString(36)}k`);
  const vector = (dimensions: number) => {
    const v = Float32Array.from({ length: dimensions }, () => random() - 0.5);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
  return {
    random,
    words,
    text(size, marker) {
      const parts: string[] = [];
      for (let length = 0; length < size;) {
        const word =
          marker !== undefined && length % 997 < 8 ? marker : words[Math.floor(random() ** skew * words.length)]!;
        parts.push(word);
        length += word.length + 1;
      }
      return parts.join(' ');
    },
    vector,
    chunks(body, dimensions, max = 5000) {
      const pieces = chunkDocument([body], { size: 1200, overlap: 200, paged: false }).slice(0, max);
      return pieces.map((piece) => ({ ...piece, vector: vector(dimensions) }));
    },
  };
}

/** A SQLite database at `path` (`:memory:` for one in memory) with every migration applied. */
export async function migratedDatabase(path: string): Promise<SqliteSqlDatabase> {
  const db = openSqliteDatabase(path);
  await createMigrator(db, loadMigrations()).prepare();
  return db;
}
