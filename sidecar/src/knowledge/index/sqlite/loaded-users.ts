// Users' in-memory indexes: loaded lazily in slices that yield to the event loop, kept in step with writes, LRU-bounded.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DOC_TYPES } from '../../doc-types.js';
import type { ChunkEntry } from './user-index.js';
import { UserIndex } from './user-index.js';
import { chunkRowsOfPack, termsRowsOfPack } from './chunk-packs.js';
import { vectorFromBlob, type ChunkRow, type IndexStatements } from './index-rows.js';
import { int8OfBlob, type VectorStorage } from './stored-vectors.js';
import { pairsFromBlob } from './term-pairs.js';

export interface LoadedUsersOptions {
  /**
   * Bytes of typed arrays (chunk slots, postings, int8 vectors) kept over all loaded users; least recently searched
   * users go first once a load passes it (the user just loaded always stays, however large).
   */
  maxLoadedBytes: number;
  /** How long one loading slice may run before it yields to the event loop. */
  sliceMs: number;
  /** Bytes of rows a load keeps from its counting pass to fill from (HELD_ROW_BYTES unless given). */
  heldRowBytes?: number;
}

const PAGE_ROWS = 128;
/**
 * Bytes of rows the counting pass keeps to fill the index from, so that they are read from SQLite once; rows past it
 * are counted from their terms alone and read again to fill. Held rows raise the resident set well beyond their bytes
 * (objects, Buffer wrappers, heap kept once freed): at 32 MiB the 100k-chunk bench's RSS rose by about 130 MB.
 */
export const HELD_ROW_BYTES = 8 * 1024 * 1024;
/** What a held row costs besides its blobs (the row object and two Buffers), roughly. */
const HELD_ROW_OVERHEAD = 400;
/** Postings entries mapped between two looks at the clock (6 bytes each). */
const PREFAULT_ENTRIES = 1 << 18;

interface Entry {
  index: UserIndex;
  /** Highest point id loaded so far; Infinity once loading finished. */
  loadedUpTo: number;
  /** Highest point id the counting pass has read (rows up to it are held or read again to fill). */
  countedUpTo: number;
  /** Rows the counting pass read, by point id, until they are added; chunks removed meanwhile leave it. */
  held: Map<number, ChunkRow>;
  /** Chunks that became visible behind the counting pass while rows were held: added after them. */
  late: ChunkEntry[];
  ready: Promise<UserIndex>;
}

export class LoadedUsers {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly statements: IndexStatements,
    private readonly options: LoadedUsersOptions,
  ) {}

  /** The user's index, loaded first when needed; marks the user as the most recently used. */
  get(userId: string, dimensions: number, storage: VectorStorage): Promise<UserIndex> {
    let entry = this.entries.get(userId);
    if (entry) this.entries.delete(userId);
    else entry = this.startLoading(userId, dimensions, storage);
    this.entries.set(userId, entry);
    return entry.ready;
  }

  /**
   * Takes chunks that are no longer visible in SQLite out of a loaded (or loading) user's index; unloaded users never
   * read them. The loader skips invisible chunks ahead of it, so only those it has passed can be in memory.
   */
  applyRemoved(userId: string, removed: readonly { id: number; terms: Buffer }[]): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    for (const chunk of removed) {
      if (chunk.id <= entry.loadedUpTo || entry.index.has(chunk.id)) {
        entry.index.remove(chunk.id, pairsFromBlob(chunk.terms));
      } else if (chunk.id <= entry.countedUpTo) {
        entry.held.delete(chunk.id);
        entry.late = entry.late.filter((late) => late.pointId !== chunk.id);
      }
    }
  }

  /**
   * Adds chunks that have just become visible in SQLite: those the loader has passed (while they were still invisible)
   * go in now; those ahead of it it reads itself. Adding a chunk twice is harmless (the index ignores it).
   */
  applyAdded(userId: string, chunk: ChunkEntry): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    if (chunk.pointId <= entry.loadedUpTo) entry.index.add(chunk);
    else if (chunk.pointId <= entry.countedUpTo && entry.held.size > 0) entry.late.push(chunk);
  }

  forget(userId: string): void {
    this.entries.delete(userId);
  }

  forgetAll(): void {
    this.entries.clear();
    this.generation++;
  }

  /** Chunks and approximate bytes held in memory. */
  usage(): { users: number; chunks: number; bytes: number } {
    let chunks = 0;
    let bytes = 0;
    for (const { index } of this.entries.values()) {
      chunks += index.live;
      bytes += index.bytes;
    }
    return { users: this.entries.size, chunks, bytes };
  }

  private startLoading(userId: string, dimensions: number, storage: VectorStorage): Entry {
    const entry: Entry = {
      index: new UserIndex(dimensions),
      loadedUpTo: 0,
      countedUpTo: 0,
      held: new Map(),
      late: [],
      ready: Promise.resolve(null as never),
    };
    entry.ready = this.load(userId, entry, this.generation, storage);
    return entry;
  }

  /**
   * Pass one counts each term's postings and each type's chunks, keeping whole rows up to HELD_ROW_BYTES (past it,
   * it reads terms blobs only); pass two fills the postings block and the vector segments with the held rows, then
   * reads the rest of the chunks counted; a last pass reads chunks written meanwhile. Every pass yields to the event
   * loop once a slice has run `sliceMs`.
   */
  private async load(userId: string, entry: Entry, generation: number, storage: VectorStorage): Promise<UserIndex> {
    const stale = () => generation !== this.generation || this.entries.get(userId) !== entry;
    const slice = { started: performance.now() };
    const pause = async () => {
      if (performance.now() - slice.started < this.options.sliceMs) return false;
      await yieldToEventLoop();
      slice.started = performance.now();
      return stale();
    };
    // Checked after every row too: a page of large chunks may take longer than a slice.
    const due = () => performance.now() - slice.started >= this.options.sliceMs;
    const scratch = new Uint32Array(4096);
    let counts: Uint32Array = new Uint32Array(this.statements.termCount.get(userId)?.n ?? 0);
    const perType = DOC_TYPES.map(() => 0);
    let counted = 0;
    let heldBytes = 0;
    const maxHeldBytes = this.options.heldRowBytes ?? HELD_ROW_BYTES;
    for (;;) {
      const whole =
        heldBytes < maxHeldBytes
          ? chunkRowsOfPack(this.statements.chunkPack.get(userId, counted, Number.MAX_SAFE_INTEGER, PAGE_ROWS))
          : undefined;
      const page = whole ?? termsRowsOfPack(this.statements.termsPack.get(userId, counted, PAGE_ROWS));
      let read = 0;
      for (const row of page) {
        const held = whole?.[read];
        read++;
        if (held) {
          entry.held.set(held.id, held);
          heldBytes += held.terms.length + held.vector.length + HELD_ROW_OVERHEAD;
        }
        counts = countPostings(pairsFromBlob(row.terms, scratch), counts);
        const type = DOC_TYPES.indexOf(row.doc_type);
        perType[type] = (perType[type] ?? 0) + 1;
        counted = entry.countedUpTo = row.id;
        if (due()) break;
      }
      if (page.length < PAGE_ROWS && read === page.length) break;
      if (await pause()) return entry.index;
    }
    // Allocating the block is a slice of its own (the counting pass may have used up the current one).
    slice.started = -Infinity;
    if (await pause()) return entry.index;
    entry.index.beginLoad(counts, perType);
    counts = new Uint32Array(0);
    while (!entry.index.prefault(PREFAULT_ENTRIES)) if (await pause()) return entry.index;
    const vector = new Float32Array(entry.index.dimensions);
    const toChunk = (row: ChunkRow): ChunkEntry => ({
      pointId: row.id,
      documentId: row.document_id,
      docType: row.doc_type,
      length: row.length,
      pairs: pairsFromBlob(row.terms, scratch),
      vector: storage === 'int8' ? int8OfBlob(row.vector) : vectorFromBlob(row.vector, vector),
    });
    for (const [id, row] of entry.held) {
      entry.index.add(toChunk(row));
      entry.held.delete(id);
      entry.loadedUpTo = id;
      if (await pause()) return entry.index;
    }
    for (const chunk of entry.late.splice(0)) entry.index.add(chunk);
    for (const upTo of [counted, Number.MAX_SAFE_INTEGER]) {
      for (;;) {
        const page = chunkRowsOfPack(this.statements.chunkPack.get(userId, entry.loadedUpTo, upTo, PAGE_ROWS));
        let read = 0;
        for (const row of page) {
          read++;
          entry.index.add(toChunk(row));
          entry.loadedUpTo = row.id;
          if (due()) break;
        }
        if (page.length < PAGE_ROWS && read === page.length) break;
        if (await pause()) return entry.index;
      }
      if (upTo === counted) entry.index.endLoad();
    }
    entry.loadedUpTo = Infinity;
    this.evict(userId);
    return entry.index;
  }

  private evict(keep: string): void {
    let bytes = this.usage().bytes;
    for (const [userId, entry] of this.entries) {
      if (bytes <= this.options.maxLoadedBytes) return;
      if (userId === keep || entry.loadedUpTo !== Infinity) continue;
      this.entries.delete(userId);
      bytes -= entry.index.bytes;
    }
  }
}

/**
 * Adds one chunk's terms to the postings counts (widened when a term is beyond them); a function of its own so that
 * V8 optimises this innermost loop apart from the long asynchronous load around it.
 */
function countPostings(pairs: Uint32Array, counts: Uint32Array): Uint32Array {
  let into = counts;
  for (let i = 0; i < pairs.length; i += 2) {
    const term = pairs[i] ?? 0;
    if (term >= into.length) into = widen(into, term + 1);
    into[term] = (into[term] ?? 0) + 1;
  }
  return into;
}

function widen(counts: Uint32Array, needed: number): Uint32Array {
  const next = new Uint32Array(Math.max(needed, counts.length * 2));
  next.set(counts);
  return next;
}
