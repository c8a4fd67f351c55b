// The knowledge index in PostgreSQL + pgvector, for deployments that outgrow one machine (DATABASE_URL).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { DocType } from '../doc-types.js';
import { documentValues } from './document-rows.js';
import type { DocumentWrite, IndexCounts, IndexStore } from './index-store.js';
import { applySchema, SCHEMA_NAME, useDimensionIndex } from './postgres/schema.js';
import { bm25Sql, searchNearest, termStatsSql } from './postgres/search-sql.js';
import {
  DOCUMENT_COLUMNS,
  POINT_COLUMNS,
  toDocument,
  toPoint,
  type PgDocumentRow,
  type PgPointRow,
} from './postgres/rows.js';
import { queryWordTerms } from '../text/bm25-text.js';
import { bm25Attainable } from './bm25.js';
import { currentIndexFormat, sameIndexFormat } from './index-format.js';
import { TimeSlices } from './time-slices.js';
import { groupWrites, WRITE_GROUP_BOUNDS } from './batch-writes.js';
import {
  checkInput,
  insertChunks,
  typesOrNull,
  upsertDocumentSql,
  withClient,
  inTransactionOn,
  type Embedder,
} from './postgres/writes.js';

export interface PostgresIndexStoreOptions {
  /** Schema that holds the index tables (default `public`). */
  schema?: string;
  /** `close()` ends the pool too. */
  ownsPool?: boolean;
}

const EMBEDDER_KEY = 'embedder';
const POINT_ID_SECRET_KEY = 'point_id_secret';
/** Longest stretch of tokenising or statement building before the event loop gets a turn. */
const WRITE_SLICE_MS = 8;
const POINT_ID = /^[1-9]\d{0,17}$/;

export function createPostgresIndexStore(pool: pg.Pool, options: PostgresIndexStoreOptions = {}): IndexStore {
  const s = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(s)) throw new Error('The index schema must be a plain lower-case identifier.');
  let embedder: Embedder | undefined;
  const ready = withClient(pool, async (client) => {
    await applySchema(client, s);
    const { rows } = await client.query<{ value: string }>(`SELECT value FROM ${s}.index_meta WHERE key = $1`, [
      EMBEDDER_KEY,
    ]);
    embedder = rows[0] ? (JSON.parse(rows[0].value) as Embedder) : undefined;
  });
  const use = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    await ready;
    return withClient(pool, work);
  };
  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) =>
    use((client) => inTransactionOn(client, work));

  let pointIdSecret: Promise<Buffer> | undefined;

  const replaceAll = async (userId: string, documents: readonly DocumentWrite[]): Promise<void> => {
    await ready;
    for (const { document, chunks } of documents) checkInput(userId, document, chunks, embedder);
    // The rows go in batches, each tokenised and built in slices (readers see none before the commit); small
    // documents share a transaction, within the bounds of batch-writes.ts.
    const slices = new TimeSlices(WRITE_SLICE_MS);
    for (const group of groupWrites(documents, WRITE_GROUP_BOUNDS)) {
      await inTransaction(async (client) => {
        for (const { document, chunks } of group) {
          const { rows } = await client.query<{ id: string }>(upsertDocumentSql(s), documentValues(userId, document));
          const documentId = rows[0]?.id ?? '';
          await dropChunks(client, userId, documentId);
          if (chunks.length === 0) continue;
          const owner = { documentId, userId, docType: document.docType, title: document.title };
          const length = await insertChunks(client, s, owner, chunks, slices);
          await adjustStats(client, userId, chunks.length, length);
        }
      });
    }
  };

  /** Removes a document's chunks (postings cascade) and takes them out of the user's statistics. */
  const dropChunks = async (client: pg.PoolClient, userId: string, documentId: string) => {
    const { rows } = await client.query<{ n: string; length: string }>(
      `WITH gone AS (DELETE FROM ${s}.index_chunks WHERE document_id = $1 RETURNING length)
       SELECT count(*) AS n, COALESCE(sum(length), 0) AS length FROM gone`,
      [documentId],
    );
    await adjustStats(client, userId, -Number(rows[0]?.n ?? 0), -Number(rows[0]?.length ?? 0));
  };
  const adjustStats = async (client: pg.PoolClient, userId: string, chunks: number, length: number) => {
    if (chunks === 0 && length === 0) return;
    await client.query(
      `INSERT INTO ${s}.index_user_stats (user_id, chunk_count, total_length) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET chunk_count = index_user_stats.chunk_count + excluded.chunk_count,
         total_length = index_user_stats.total_length + excluded.total_length`,
      [userId, chunks, length],
    );
  };

  return {
    engine: 'postgres',

    async useEmbedder(embedderId, dimensions) {
      if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions > 16_000) {
        throw new Error('Embedding dimensions must be a positive integer.');
      }
      await ready;
      const current = currentIndexFormat(embedderId, dimensions);
      if (sameIndexFormat(embedder, current)) return false;
      const cleared = await inTransaction(async (client) => {
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${s}.index_documents`);
        // TRUNCATE, not DELETE: an index built in this transaction would still see deleted rows of the old dimension.
        await client.query(
          `TRUNCATE ${s}.index_postings, ${s}.index_chunks, ${s}.index_documents, ${s}.index_user_stats`,
        );
        await useDimensionIndex(client, s, dimensions);
        await client.query(
          `INSERT INTO ${s}.index_meta (key, value) VALUES ($1, $2)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          [EMBEDDER_KEY, JSON.stringify(current)],
        );
        return Number(rows[0]?.n ?? 0) > 0;
      });
      embedder = current;
      return cleared;
    },

    async replaceDocument(userId, document, chunks) {
      await replaceAll(userId, [{ document, chunks }]);
    },

    async replaceDocuments(userId, documents) {
      await replaceAll(userId, documents);
    },

    async deleteDocument(userId, docType, docId) {
      return inTransaction(async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `SELECT id::text AS id FROM ${s}.index_documents WHERE user_id = $1 AND doc_type = $2 AND doc_id = $3
           FOR UPDATE`,
          [userId, docType, docId],
        );
        const id = rows[0]?.id;
        if (id === undefined) return false;
        await dropChunks(client, userId, id);
        await client.query(`DELETE FROM ${s}.index_documents WHERE id = $1`, [id]);
        return true;
      });
    },

    async findByFilePath(userId, filePath) {
      const { rows } = await use((c) =>
        c.query<PgDocumentRow>(
          `SELECT ${DOCUMENT_COLUMNS} FROM ${s}.index_documents d WHERE d.user_id = $1 AND d.file_path = $2
           ORDER BY d.id`,
          [userId, filePath],
        ),
      );
      return rows.map(toDocument);
    },

    async deleteUser(userId) {
      return inTransaction(async (client) => {
        const removed = await client.query(`DELETE FROM ${s}.index_documents WHERE user_id = $1`, [userId]);
        await client.query(`DELETE FROM ${s}.index_user_stats WHERE user_id = $1`, [userId]);
        return removed.rowCount ?? 0;
      });
    },

    async versions(userId, docType) {
      const { rows } = await use((c) =>
        c.query<{ doc_id: string; version: string }>(
          `SELECT doc_id, version FROM ${s}.index_documents WHERE user_id = $1 AND doc_type = $2`,
          [userId, docType],
        ),
      );
      return new Map(rows.map((row) => [row.doc_id, row.version]));
    },

    async bm25(userId, query, filter) {
      const wordTerms = queryWordTerms(query);
      const terms = [...new Set(wordTerms.flat())];
      if (terms.length === 0 || filter.limit <= 0) return { hits: [], total: 0, attainable: 0 };
      const [{ rows }, stats] = await use(async (c) => [
        await c.query<{ id: string; score: number; total: string }>(bm25Sql(s), [
          userId,
          terms,
          typesOrNull(filter.docTypes),
          filter.limit,
        ]),
        await c.query<{ n: number; term: string; df: number }>(termStatsSql(s), [userId, terms]),
      ]);
      const frequencies = new Map(stats.rows.map((row) => [row.term, Number(row.df)]));
      const count = Number(stats.rows[0]?.n ?? 0);
      return {
        hits: rows.map((row) => ({ pointId: row.id, score: Number(row.score) })),
        total: Number(rows[0]?.total ?? 0),
        attainable: bm25Attainable(wordTerms, count, (term) => frequencies.get(term) ?? 0),
      };
    },

    async nearest(userId, vector, filter) {
      await ready;
      if (!embedder) return { hits: [], total: 0 };
      if (vector.length !== embedder.dimensions) {
        throw new Error(`The query vector has ${vector.length} dimensions; the index holds ${embedder.dimensions}.`);
      }
      const docTypes = typesOrNull(filter.docTypes);
      return use((c) =>
        searchNearest(c, s, { userId, vector, docTypes, limit: filter.limit, minScore: filter.minScore }),
      );
    },

    async points(userId, pointIds, options = {}) {
      const ids = [...new Set(pointIds.filter((id) => POINT_ID.test(id)))];
      if (ids.length === 0) return [];
      const vectorColumn = options.vectors === true ? ', c.embedding::text AS embedding' : '';
      const { rows } = await use((c) =>
        c.query<PgPointRow>(
          `SELECT ${POINT_COLUMNS}${vectorColumn} FROM ${s}.index_chunks c
           JOIN ${s}.index_documents d ON d.id = c.document_id WHERE c.id = ANY($1::bigint[]) AND c.user_id = $2`,
          [ids, userId],
        ),
      );
      const byId = new Map(rows.map((row) => [row.point_id, row]));
      return pointIds.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toPoint(row)] : [];
      });
    },

    async documentPoints(userId, docType, docId) {
      const { rows } = await use((c) =>
        c.query<PgPointRow>(
          `SELECT ${POINT_COLUMNS} FROM ${s}.index_chunks c JOIN ${s}.index_documents d ON d.id = c.document_id
           WHERE d.user_id = $1 AND d.doc_type = $2 AND d.doc_id = $3 ORDER BY c.chunk_index, c.id`,
          [userId, docType, docId],
        ),
      );
      return rows.map(toPoint);
    },

    async counts(userId): Promise<IndexCounts> {
      const { rows } = await use((c) =>
        c.query<{ doc_type: DocType; documents: string; chunks: string }>(
          `SELECT d.doc_type, count(*) AS documents, COALESCE(sum(n.chunks), 0) AS chunks
           FROM ${s}.index_documents d
           CROSS JOIN LATERAL (SELECT count(*) AS chunks FROM ${s}.index_chunks c WHERE c.document_id = d.id) n
           WHERE d.user_id = $1 GROUP BY d.doc_type`,
          [userId],
        ),
      );
      const counts: IndexCounts = { documents: 0, chunks: 0, byType: {} };
      for (const row of rows) {
        const entry = { documents: Number(row.documents), chunks: Number(row.chunks) };
        counts.documents += entry.documents;
        counts.chunks += entry.chunks;
        counts.byType[row.doc_type] = entry;
      }
      return counts;
    },

    pointIdSecret() {
      // Made by the first replica to ask; the others keep what is stored (the insert does nothing then).
      pointIdSecret ??= use(async (client) => {
        await client.query(`INSERT INTO ${s}.index_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
          POINT_ID_SECRET_KEY,
          randomBytes(32).toString('base64'),
        ]);
        const { rows } = await client.query<{ value: string }>(`SELECT value FROM ${s}.index_meta WHERE key = $1`, [
          POINT_ID_SECRET_KEY,
        ]);
        return Buffer.from(rows[0]!.value, 'base64');
      }).catch((error: unknown) => {
        pointIdSecret = undefined;
        throw error;
      });
      return pointIdSecret;
    },

    async close() {
      await ready.catch(() => undefined);
      if (options.ownsPool) await pool.end();
    },
  };
}
