// The embedded knowledge index: rows in the sidecar's SQLite file, searched from per-user in-memory segments. Reads
// are synchronous on the connection; writes wait through `exclusive` until no token-store transaction holds it.
import { randomBytes } from 'node:crypto';
import type { SqliteSqlDatabase } from '../../store/sql/sqlite-database.js';
import { isDocType, DOC_TYPES } from '../doc-types.js';
import { bm25Attainable } from './bm25.js';
import { currentIndexFormat, sameIndexFormat, type IndexFormat } from './index-format.js';
import type { DocumentWrite, IndexCounts, IndexedDocument, IndexStore, RankedPoints } from './index-store.js';
import {
  dotWithBlob,
  prepareIndexStatements,
  toDocument,
  toPoints,
  type IndexStatements,
} from './sqlite/index-rows.js';
import { LoadedUsers } from './sqlite/loaded-users.js';
import { findNearest } from './sqlite/nearest.js';
import { StagedWrites } from './sqlite/staged-writes.js';
import { renewTermsEpoch } from './sqlite/term-numbers.js';
import { queryTermNumbers } from './sqlite/term-pairs.js';
import type { VectorStorage } from './sqlite/stored-vectors.js';
import { typeMaskOf, type UserIndex } from './sqlite/user-index.js';
import { stopWarmUp, warmUpSearchCode } from './sqlite/warm-up.js';

export interface SqliteIndexStoreOptions {
  /** Bytes of users' in-memory indexes kept over all users (default 256 MiB; LRU, see loaded-users.ts). */
  maxLoadedBytes?: number;
  /** Longest a loading slice runs before yielding to the event loop (default 15 ms). */
  loadSliceMs?: number;
  /** Longest a slice of a write runs before yielding to the event loop (default 8 ms). */
  writeSliceMs?: number;
  /** Tests only: called after a write staged its chunks, before it switches them in (a crash is simulated here). */
  beforeSwitch?: () => Promise<void>;
}

type Embedder = IndexFormat;

/**
 * The row layout (index-format.ts `storage`): varint term pairs, chunk text in a table of its own (deflated where
 * smaller, sqlite/chunk-text.ts), and int8 vectors for a lexical embedder only.
 */
const LEXICAL_STORAGE = 'terms-varint-1/text-deflate-1/int8';
const SEMANTIC_STORAGE = 'terms-varint-1/text-deflate-1/float32';
/** 256 MiB: about 250,000 abstract-sized chunks of 384-dimensional int8 vectors (≈ 1 KiB each with postings). */
const DEFAULT_MAX_LOADED_BYTES = 256 * 1024 * 1024;
/**
 * A database file up to this size has its chunk rows read into SQLite's page cache (16 MiB, store/sql) by the
 * warm-up: a fresh process's first search of the Cranfield index then took 42–55 ms instead of 62–65 (median of five).
 */
const PRIMED_FILE_BYTES = 8 * 1024 * 1024;

const EMBEDDER_KEY = 'embedder';
const POINT_ID_SECRET_KEY = 'point_id_secret';
const POINT_ID = /^[1-9]\d{0,15}$/;

/** Needs migration 006 applied to `db`. */
export function createSqliteIndexStore(db: SqliteSqlDatabase, options: SqliteIndexStoreOptions = {}): IndexStore {
  const sql = prepareIndexStatements(db.raw);
  const users = new LoadedUsers(sql, {
    maxLoadedBytes: options.maxLoadedBytes ?? DEFAULT_MAX_LOADED_BYTES,
    sliceMs: options.loadSliceMs ?? 15,
  });
  let embedder = readEmbedder(sql);
  const storage = (): VectorStorage => (embedder?.storage === LEXICAL_STORAGE ? 'int8' : 'float32');
  // In the background, once per process: the first search then finds its code loaded and compiled (warm-up.ts), and
  // a small index's pages in SQLite's cache.
  const readIndexPages = () => {
    if (sql.fileBytes.get()!.bytes <= PRIMED_FILE_BYTES) sql.readChunkPages.get();
  };
  if (embedder) void warmUpSearchCode(embedder.dimensions, storage(), readIndexPages);
  const writes = new StagedWrites(db, sql, users, {
    storage,
    sliceMs: options.writeSliceMs ?? 8,
    ...(options.beforeSwitch ? { beforeSwitch: options.beforeSwitch } : {}),
  });
  // What a crash left half-written is invisible already; it is deleted in slices from the start.
  const collected = writes.collectGarbage().catch(() => undefined);

  let pointIdSecret: Promise<Buffer> | undefined;

  const checkWrite = (userId: string, { document, chunks }: DocumentWrite) => {
    const { dimensions } = requireEmbedder();
    checkDocument(userId, document);
    for (const chunk of chunks) {
      if (chunk.vector.length !== dimensions) {
        throw new Error(`A chunk vector has ${chunk.vector.length} dimensions; the index holds ${dimensions}.`);
      }
    }
  };

  const requireEmbedder = (): Embedder => {
    if (!embedder) throw new Error('The index has no embedder yet: call useEmbedder first.');
    return embedder;
  };

  /** Float32 rows are read back for the exact cosine; int8 vectors are exact as the segment holds them. */
  const exactScorer = (query: Float32Array, index: UserIndex) => (pointIds: readonly number[]) => {
    const scores = new Map<number, number>();
    if (pointIds.length === 0) return scores;
    if (storage() === 'int8') {
      for (const id of pointIds) scores.set(id, index.int8Cosine(id, query) ?? 0);
      return scores;
    }
    for (const row of sql.vectors.all(JSON.stringify(pointIds))) scores.set(row.id, dotWithBlob(row.vector, query));
    return scores;
  };

  return {
    engine: 'sqlite',

    async useEmbedder(embedderId, dimensions, kind = 'semantic') {
      if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error('Embedding dimensions must be positive.');
      const layout = kind === 'lexical' ? LEXICAL_STORAGE : SEMANTIC_STORAGE;
      const current = currentIndexFormat(embedderId, dimensions, layout);
      if (sameIndexFormat(embedder, current)) return false;
      const cleared = await db.exclusive((raw) =>
        raw.transaction(() => {
          const removed = sql.clearAll.run().changes;
          sql.clearTerms.run();
          renewTermsEpoch(sql);
          sql.clearPending.run();
          sql.setMeta.run(EMBEDDER_KEY, JSON.stringify(current));
          return removed > 0;
        })(),
      );
      users.forgetAll();
      embedder = current;
      void warmUpSearchCode(dimensions, storage(), readIndexPages);
      return cleared;
    },

    async replaceDocument(userId, document, chunks) {
      checkWrite(userId, { document, chunks });
      await writes.replace(userId, document, chunks);
    },

    async replaceDocuments(userId, documents) {
      for (const write of documents) checkWrite(userId, write);
      await writes.replaceMany(userId, documents);
    },

    async deleteDocument(userId, docType, docId) {
      return writes.delete(userId, docType, docId);
    },

    async findByFilePath(userId, filePath) {
      return sql.byFilePath.all(userId, filePath).map(toDocument);
    },

    async deleteUser(userId) {
      const removed = await db.exclusive((raw) =>
        raw.transaction(() => {
          sql.deleteUserTerms.run(userId);
          renewTermsEpoch(sql);
          return sql.deleteUser.run(userId).changes;
        })(),
      );
      users.forget(userId);
      return removed;
    },

    async versions(userId, docType) {
      return new Map(sql.versions.all(userId, docType).map((row) => [row.doc_id, row.version]));
    },

    async bm25(userId, query, filter): Promise<RankedPoints> {
      if (!embedder) return { hits: [], total: 0 };
      stopWarmUp();
      const { wordTerms, numbers } = queryTermNumbers(sql, userId, query);
      if (numbers.size === 0) return { hits: [], total: 0, attainable: 0 };
      const index = await users.get(userId, embedder.dimensions, storage());
      const ranked = index.bm25([...new Set(numbers.values())], typeMaskOf(filter.docTypes), filter.limit);
      const frequencyOf = (term: string) => {
        const number = numbers.get(term);
        return number === undefined ? 0 : index.documentFrequency(number);
      };
      return { ...ranked, attainable: bm25Attainable(wordTerms, index.live, frequencyOf) };
    },

    async nearest(userId, vector, filter): Promise<RankedPoints> {
      if (!embedder) return { hits: [], total: 0 };
      if (vector.length !== embedder.dimensions) {
        throw new Error(`The query vector has ${vector.length} dimensions; the index holds ${embedder.dimensions}.`);
      }
      stopWarmUp();
      const index = await users.get(userId, embedder.dimensions, storage());
      const mask = typeMaskOf(filter.docTypes);
      return findNearest(index, vector, mask, filter.limit, filter.minScore, exactScorer(vector, index));
    },

    async points(userId, pointIds, options = {}) {
      const ids = [...new Set(pointIds.filter((id) => POINT_ID.test(id)))].map(Number);
      if (ids.length === 0) return [];
      const statement = options.vectors === true ? sql.pointsWithVectors : sql.points;
      const found = toPoints(
        statement.all(JSON.stringify(ids), userId),
        options.vectors === true ? storage() : undefined,
      );
      const byId = new Map(found.map((point) => [point.pointId, point]));
      return pointIds.flatMap((id) => {
        const point = byId.get(id);
        return point ? [point] : [];
      });
    },

    async documentPoints(userId, docType, docId) {
      return toPoints(sql.documentPoints.all(userId, docType, docId), undefined);
    },

    async counts(userId): Promise<IndexCounts> {
      const counts: IndexCounts = { documents: 0, chunks: 0, byType: {} };
      for (const row of sql.counts.all(userId)) {
        counts.documents += row.documents;
        counts.chunks += row.chunks;
        counts.byType[row.doc_type] = { documents: row.documents, chunks: row.chunks };
      }
      return counts;
    },

    pointIdSecret() {
      // Made by the first process to ask; any other keeps what is stored (the insert does nothing then).
      pointIdSecret ??= db
        .exclusive(() => {
          sql.addMeta.run(POINT_ID_SECRET_KEY, randomBytes(32).toString('base64'));
          return Buffer.from(sql.meta.get(POINT_ID_SECRET_KEY)!.value, 'base64');
        })
        .catch((error: unknown) => {
          pointIdSecret = undefined;
          throw error;
        });
      return pointIdSecret;
    },

    async close() {
      await collected;
      users.forgetAll();
    },
  };
}

function readEmbedder(sql: IndexStatements): Embedder | undefined {
  const value = sql.meta.get(EMBEDDER_KEY)?.value;
  return value === undefined ? undefined : (JSON.parse(value) as Embedder);
}

function checkDocument(userId: string, document: IndexedDocument): void {
  if (userId === '') throw new Error('A document needs a user.');
  if (!isDocType(document.docType)) throw new Error(`Unknown doc type; expected one of ${DOC_TYPES.join(', ')}.`);
}
