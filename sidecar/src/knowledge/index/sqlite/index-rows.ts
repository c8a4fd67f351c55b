// The SQLite statements of the embedded index and the mapping between its rows and the IndexStore types.
import type { RawSqlite } from '../../../store/sql/sqlite-database.js';
import type { DocType } from '../../doc-types.js';
import { toIndexedDocument, toIndexedPoint, type ChunkColumns, type DocumentColumns } from '../document-rows.js';
import type { IndexedDocument, IndexedPoint } from '../index-store.js';
import { textsOfStored, type StoredText } from './chunk-text.js';
import { int8OfBlob, unitOfInt8, type VectorStorage } from './stored-vectors.js';

export interface DocumentRow extends DocumentColumns {
  id: number;
}

export interface PointRow extends DocumentRow, Omit<ChunkColumns, 'text'> {
  point_id: number;
  /** As chunk-text.ts stores it. */
  text: StoredText;
  /** Only where the statement selects it (`pointsWithVectors`). */
  vector?: Buffer;
}

export interface RetiredRow {
  id: number;
  terms: Buffer;
}

export interface PendingRow {
  generation: number;
  document_id: number;
  retired: number;
}

export interface ChunkRow {
  id: number;
  document_id: number;
  doc_type: DocType;
  length: number;
  terms: Buffer;
  vector: Buffer;
}

const DOCUMENT_COLUMNS = `d.id, d.doc_type, d.doc_id, d.title, d.mime_type, d.version, d.file_path, d.link,
  d.page_count, d.modified_at, d.extra`;
const POINT_COLUMNS = `${DOCUMENT_COLUMNS}, c.id AS point_id, c.chunk_index, c.total, c.start_offset, c.end_offset,
  c.page, t.text`;
/** A chunk is visible while its generation is its document's (a document without one is not visible at all). */
const VISIBLE = 'JOIN index_documents d ON d.id = c.document_id AND d.generation = c.generation';
/** A chunk's text, kept in a table of its own (loading a user's index never reads it). */
const WITH_TEXT = 'JOIN index_chunk_texts t ON t.id = c.id';

/** What the packing statements select (cut back into rows by chunk-packs.ts): a page of chunks ordered by id, NULL columns when the page is empty. */
export interface ChunkPack {
  ids: string | null;
  document_ids?: string | null;
  doc_types: string | null;
  lengths?: string | null;
  term_bytes: string | null;
  terms: Buffer | null;
  vectors?: Buffer | null;
}

export function prepareIndexStatements(db: RawSqlite) {
  return {
    meta: db.prepare<[string], { value: string }>('SELECT value FROM index_meta WHERE key = ?'),
    setMeta: db.prepare<[string, string]>(
      'INSERT INTO index_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    addMeta: db.prepare<[string, string]>(
      'INSERT INTO index_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
    ),
    clearAll: db.prepare('DELETE FROM index_documents'),
    clearTerms: db.prepare('DELETE FROM index_terms'),
    clearPending: db.prepare('DELETE FROM index_pending'),
    /** A new document starts without a generation: invisible until its first version is switched in. */
    ensureDocument: db.prepare<unknown[]>(
      `INSERT INTO index_documents (user_id, doc_type, doc_id, title, mime_type, version, file_path, link, page_count,
         modified_at, extra, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, doc_type, doc_id) DO NOTHING`,
    ),
    anyDocument: db.prepare<[string, string, string], { id: number; generation: number | null }>(
      'SELECT id, generation FROM index_documents WHERE user_id = ? AND doc_type = ? AND doc_id = ?',
    ),
    documentById: db.prepare<
      [number],
      { user_id: string; doc_type: string; doc_id: string; generation: number | null }
    >('SELECT user_id, doc_type, doc_id, generation FROM index_documents WHERE id = ?'),
    /** title … indexed_at (documentValues without the identity), then the generation, then the id. */
    showGeneration: db.prepare<unknown[]>(
      `UPDATE index_documents SET title = ?, mime_type = ?, version = ?, file_path = ?, link = ?, page_count = ?,
         modified_at = ?, extra = ?, indexed_at = ?, generation = ? WHERE id = ?`,
    ),
    hideDocument: db.prepare<[number]>('UPDATE index_documents SET generation = NULL WHERE id = ?'),
    deleteHiddenDocument: db.prepare<[number]>('DELETE FROM index_documents WHERE id = ? AND generation IS NULL'),
    addPending: db.prepare<[number], { generation: number }>(
      'INSERT INTO index_pending (document_id, retired) VALUES (?, 0) RETURNING generation',
    ),
    retirePending: db.prepare<[number, number]>(
      `INSERT INTO index_pending (generation, document_id, retired) VALUES (?, ?, 1)
       ON CONFLICT (generation) DO UPDATE SET retired = 1`,
    ),
    pendingExists: db.prepare<[number], { retired: number }>('SELECT retired FROM index_pending WHERE generation = ?'),
    dropPending: db.prepare<[number]>('DELETE FROM index_pending WHERE generation = ?'),
    allPending: db.prepare<[], PendingRow>('SELECT generation, document_id, retired FROM index_pending ORDER BY 1'),
    generationChunks: db.prepare<[number, number, number], RetiredRow>(
      'SELECT id, terms FROM index_chunks WHERE document_id = ? AND generation = ? LIMIT ?',
    ),
    deleteChunks: db.prepare<[string]>('DELETE FROM index_chunks WHERE id IN (SELECT value FROM json_each(?))'),
    insertChunk: db.prepare<unknown[], { id: number }>(
      `INSERT INTO index_chunks (document_id, user_id, doc_type, chunk_index, total, start_offset, end_offset, page,
         generation, length, terms, vector) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    insertText: db.prepare<[number, StoredText]>('INSERT INTO index_chunk_texts (id, text) VALUES (?, ?)'),
    termNumbers: db.prepare<[string, string], { term: string; term_no: number }>(
      'SELECT term, term_no FROM index_terms WHERE user_id = ? AND term IN (SELECT value FROM json_each(?))',
    ),
    termCount: db.prepare<[string], { n: number }>(
      'SELECT COALESCE(MAX(term_no) + 1, 0) AS n FROM index_terms WHERE user_id = ?',
    ),
    insertTerm: db.prepare<[string, string, number]>(
      'INSERT INTO index_terms (user_id, term, term_no) VALUES (?, ?, ?)',
    ),
    deleteUserTerms: db.prepare<[string]>('DELETE FROM index_terms WHERE user_id = ?'),
    byFilePath: db.prepare<[string, string], DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM index_documents d
       WHERE d.user_id = ? AND d.file_path = ? AND d.generation IS NOT NULL ORDER BY d.id`,
    ),
    deleteUser: db.prepare<[string]>('DELETE FROM index_documents WHERE user_id = ?'),
    versions: db.prepare<[string, string], { doc_id: string; version: string }>(
      'SELECT doc_id, version FROM index_documents WHERE user_id = ? AND doc_type = ? AND generation IS NOT NULL',
    ),
    /**
     * `+c.user_id`: the user is checked on each row found by its id, not looked up in idx_index_chunks_user first
     * (a search's 100 rows read in 1.0 ms instead of 1.35 ms on the 100k-chunk bench index).
     */
    points: db.prepare<[string, string], PointRow>(
      `SELECT ${POINT_COLUMNS} FROM index_chunks c ${VISIBLE} ${WITH_TEXT}
       WHERE c.id IN (SELECT value FROM json_each(?)) AND +c.user_id = ?`,
    ),
    /** As `points`, with each chunk's stored vector (a search asks for them only to place results in 3D). */
    pointsWithVectors: db.prepare<[string, string], PointRow>(
      `SELECT ${POINT_COLUMNS}, c.vector FROM index_chunks c ${VISIBLE} ${WITH_TEXT}
       WHERE c.id IN (SELECT value FROM json_each(?)) AND +c.user_id = ?`,
    ),
    documentPoints: db.prepare<[string, string, string], PointRow>(
      `SELECT ${POINT_COLUMNS} FROM index_chunks c ${VISIBLE} ${WITH_TEXT}
       WHERE d.user_id = ? AND d.doc_type = ? AND d.doc_id = ? ORDER BY c.chunk_index, c.id`,
    ),
    counts: db.prepare<[string], { doc_type: DocType; documents: number; chunks: number }>(
      `SELECT d.doc_type, COUNT(*) AS documents,
         SUM((SELECT COUNT(*) FROM index_chunks c WHERE c.document_id = d.id AND c.generation = d.generation)) AS chunks
       FROM index_documents d WHERE d.user_id = ? AND d.generation IS NOT NULL GROUP BY d.doc_type`,
    ),
    /**
     * A user's visible chunks after an id, up to another, by id, at most a page: packed into one row (chunk-packs.ts),
     * two blobs a page instead of two a chunk.
     */
    chunkPack: db.prepare<[string, number, number, number], ChunkPack>(
      `SELECT group_concat(id) AS ids, group_concat(document_id) AS document_ids, group_concat(doc_type) AS doc_types,
         group_concat(length) AS lengths, group_concat(length(terms)) AS term_bytes,
         CAST(group_concat(terms, '') AS BLOB) AS terms, CAST(group_concat(vector, '') AS BLOB) AS vectors
       FROM (SELECT c.id, c.document_id, c.doc_type, c.length, c.terms, c.vector FROM index_chunks c ${VISIBLE}
         WHERE c.user_id = ? AND c.id > ? AND c.id <= ? ORDER BY c.id LIMIT ?)`,
    ),
    /** As `chunkPack`, only each chunk's id, type and terms (a load's counting pass past the rows it holds). */
    termsPack: db.prepare<[string, number, number], ChunkPack>(
      `SELECT group_concat(id) AS ids, group_concat(doc_type) AS doc_types, group_concat(length(terms)) AS term_bytes,
         CAST(group_concat(terms, '') AS BLOB) AS terms
       FROM (SELECT c.id, c.doc_type, c.terms FROM index_chunks c ${VISIBLE}
         WHERE c.user_id = ? AND c.id > ? ORDER BY c.id LIMIT ?)`,
    ),
    /** The database file's size (pages in use and free). */
    fileBytes: db.prepare<[], { bytes: number }>(
      'SELECT (SELECT page_count FROM pragma_page_count) * (SELECT page_size FROM pragma_page_size) AS bytes',
    ),
    /** Reads every chunk row's page (the warm-up's, into SQLite's cache; length() needs the rows, not the blobs). */
    readChunkPages: db.prepare<[], { n: number }>(
      'SELECT count(length(vector)) + (SELECT count(*) FROM index_documents) AS n FROM index_chunks',
    ),
    vectors: db.prepare<[string], { id: number; vector: Buffer }>(
      'SELECT id, vector FROM index_chunks WHERE id IN (SELECT value FROM json_each(?))',
    ),
  };
}

export type IndexStatements = ReturnType<typeof prepareIndexStatements>;

export const toDocument = (row: DocumentRow): IndexedDocument => toIndexedDocument(row);

/**
 * The rows as points, their texts inflated together (chunk-text.ts). `vectors`: how the rows store their vectors,
 * when the points should carry them (a unit float vector either way).
 */
export function toPoints(rows: readonly PointRow[], vectors: VectorStorage | undefined): IndexedPoint[] {
  const texts = textsOfStored(rows.map((row) => row.text));
  return rows.map((row, i) =>
    toIndexedPoint(
      { ...row, text: texts[i] ?? '' },
      row.point_id,
      vectors === undefined || row.vector === undefined ? undefined : vectorOfRow(row.vector, vectors),
    ),
  );
}

function vectorOfRow(blob: Buffer, storage: VectorStorage): Float32Array {
  return storage === 'int8' ? unitOfInt8(int8OfBlob(blob)) : vectorFromBlob(blob);
}

/** Float32 little-endian, as `blobOfStored` wrote it (a copy: the blob's offset need not be aligned). */
export function vectorFromBlob(blob: Buffer, into?: Float32Array): Float32Array {
  const vector = into?.length === blob.byteLength / 4 ? into : new Float32Array(blob.byteLength / 4);
  new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength).set(blob);
  return vector;
}

/** Dot product of a stored blob with `query`, without copying the blob when it is aligned. */
export function dotWithBlob(blob: Buffer, query: Float32Array): number {
  const floats =
    blob.byteOffset % 4 === 0
      ? new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)
      : vectorFromBlob(blob);
  let dot = 0;
  for (let i = 0; i < floats.length; i++) dot += (floats[i] ?? 0) * (query[i] ?? 0);
  return dot;
}
