// Runs the embedded index's load and search code once over a small made-up user when a store opens, in the
// background, so that a process's first real search does not pay for loading the stemmers, the vector library's
// first call and V8 compiling the loops that load and search a user (about half of a process's first search).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DOC_TYPES } from '../../doc-types.js';
import { queryWordTerms } from '../../text/bm25-text.js';
import type { ChunkPack, ChunkRow, IndexStatements } from './index-rows.js';
import { LoadedUsers } from './loaded-users.js';
import { findNearest } from './nearest.js';
import type { VectorStorage } from './stored-vectors.js';
import { blobFromPairs } from './term-pairs.js';
import { ALL_TYPES } from './user-index.js';

/** Chunks of the made-up user: enough for V8 to compile the hot loops, few enough to take a few milliseconds. */
const CHUNKS = 512;
const TERMS = 1024;
const PAIRS_PER_CHUNK = 32;
const USER = 'warm-up';

let warmedUp: Promise<void> | undefined;
/** Set once a real search began: the warm-up stops at its next turn rather than compete with it. */
let searching = false;
let madeUp: LoadedUsers | undefined;

/**
 * Starts the warm-up once per process (a later store reuses it) on the next turns of the event loop; resolves when
 * it is done or stopped. A failure is ignored: the first search then simply pays the cost itself.
 */
export function warmUpSearchCode(
  dimensions: number,
  storage: VectorStorage,
  readIndexPages: () => void = () => undefined,
): Promise<void> {
  warmedUp ??= run(dimensions, storage, readIndexPages).catch(() => undefined);
  return warmedUp;
}

/**
 * A real search is starting: what is left of the warm-up is skipped (a search that came while it ran paid up to one
 * slice of it and, measured, 140–460 ms instead of about 110 ms for its first search when it ran on).
 */
export function stopWarmUp(): void {
  searching = true;
  madeUp?.forgetAll();
}

/** `readIndexPages`: reads the index's pages into SQLite's cache last (a first load then reads none from the file). */
async function run(dimensions: number, storage: VectorStorage, readIndexPages: () => void): Promise<void> {
  await nextTurn();
  if (searching) return;
  // Both languages' stemmers load with the first query word stemmed in each.
  queryWordTerms('searching the indexes');
  queryWordTerms('die Suche in den Verzeichnissen');
  await nextTurn();
  if (searching) return;
  const rows = madeUpRows(dimensions, storage);
  const users = (madeUp = new LoadedUsers(statementsOver(rows), { maxLoadedBytes: Infinity, sliceMs: 15 }));
  const index = await users.get(USER, dimensions, storage);
  madeUp = undefined;
  // A load stopped by forgetAll hands back its partial index: nothing more is done with it.
  if (searching) return;
  const query = new Float32Array(dimensions);
  for (let d = 0; d < dimensions; d++) query[d] = Math.sin(d + 1);
  const norm = Math.hypot(...query);
  for (let d = 0; d < dimensions; d++) query[d] = (query[d] ?? 0) / norm;
  const exact = (ids: readonly number[]) => new Map(ids.map((id) => [id, index.int8Cosine(id, query) ?? 0]));
  for (let round = 0; round < 4; round++) {
    index.bm25([round, round + 7, round + 61, round + 130], ALL_TYPES, 100);
    findNearest(index, query, ALL_TYPES, 100, undefined, exact);
  }
  users.forgetAll();
  await nextTurn();
  if (!searching) readIndexPages();
}

/** Deterministic rows of the made-up user, as the chunk statements return them. */
function madeUpRows(dimensions: number, storage: VectorStorage): ChunkRow[] {
  let seed = 1;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const rows: ChunkRow[] = [];
  for (let id = 1; id <= CHUNKS; id++) {
    const terms = new Set<number>();
    while (terms.size < PAIRS_PER_CHUNK) terms.add(next() % TERMS);
    const pairs = new Uint32Array(2 * PAIRS_PER_CHUNK);
    [...terms]
      .sort((a, b) => a - b)
      .forEach((term, i) => {
        pairs[2 * i] = term;
        pairs[2 * i + 1] = 1 + (next() % 3);
      });
    const vector = Buffer.alloc(storage === 'int8' ? dimensions : 4 * dimensions);
    if (storage === 'int8') for (let d = 0; d < dimensions; d++) vector[d] = next() & 0xff;
    else for (let d = 0; d < dimensions; d++) vector.writeFloatLE((next() % 2001) / 1000 - 1, 4 * d);
    const docType = DOC_TYPES[id % 2]!;
    rows.push({ id, document_id: (id >> 2) + 1, doc_type: docType, length: 100, terms: blobFromPairs(pairs), vector });
  }
  return rows;
}

/** The three statements a load reads, answered from `rows` (sorted by id) instead of SQLite. */
function statementsOver(rows: readonly ChunkRow[]): IndexStatements {
  const page = (from: number, upTo: number, limit: number) =>
    rows.filter((row) => row.id > from && row.id <= upTo).slice(0, limit);
  const statements: Pick<IndexStatements, 'termCount' | 'chunkPack' | 'termsPack'> = {
    termCount: { get: () => ({ n: TERMS }) } as unknown as IndexStatements['termCount'],
    chunkPack: {
      get: (_user: string, from: number, upTo: number, limit: number) => packOf(page(from, upTo, limit)),
    } as unknown as IndexStatements['chunkPack'],
    termsPack: {
      get: (_user: string, from: number, limit: number) => packOf(page(from, Infinity, limit)),
    } as unknown as IndexStatements['termsPack'],
  };
  return statements as IndexStatements;
}

/** The rows as the packing statements return them (chunk-packs.ts). */
function packOf(rows: readonly ChunkRow[]): ChunkPack {
  const column = (values: readonly (string | number)[]) => (rows.length === 0 ? null : values.join(','));
  return {
    ids: column(rows.map((row) => row.id)),
    document_ids: column(rows.map((row) => row.document_id)),
    doc_types: column(rows.map((row) => row.doc_type)),
    lengths: column(rows.map((row) => row.length)),
    term_bytes: column(rows.map((row) => row.terms.length)),
    terms: rows.length === 0 ? null : Buffer.concat(rows.map((row) => row.terms)),
    vectors: rows.length === 0 ? null : Buffer.concat(rows.map((row) => row.vector)),
  };
}
