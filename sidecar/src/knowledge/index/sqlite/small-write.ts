// The rows of a small document write, in the caller's transaction: the document row, its chunks under a new
// generation made visible at once, and the replaced generation deleted (or marked for retiring when it is large).
import type { DocType } from '../../doc-types.js';
import type { ChunkInput, IndexedDocument } from '../index-store.js';
import type { IndexStatements, RetiredRow } from './index-rows.js';
import { storedText } from './chunk-text.js';
import { blobOfStored, storedVector, type VectorStorage } from './stored-vectors.js';
import { blobFromPairs, type ChunkTerms } from './term-pairs.js';
import type { ChunkEntry } from './user-index.js';

/** Rows read (and deleted) per step when a generation is taken away. */
export const RETIRE_PAGE = 128;

/** What a small write changed: the in-memory index follows once it is committed. */
export interface SmallWrite {
  added: ChunkEntry[];
  removed: RetiredRow[];
  retiring: { documentId: number; generation: number } | null;
}

export interface SmallDocument {
  userId: string;
  document: IndexedDocument;
  /** `documentValues` of the document (document-rows.ts). */
  values: unknown[];
  chunks: readonly ChunkInput[];
  /** Per chunk, its numbered terms. */
  terms: readonly ChunkTerms[];
}

export function writeSmallDocument(sql: IndexStatements, storage: VectorStorage, input: SmallDocument): SmallWrite {
  const { userId, document, values, chunks, terms } = input;
  sql.ensureDocument.run(...values);
  const row = sql.anyDocument.get(userId, document.docType, document.docId);
  if (!row) throw new Error('The document could not be written.');
  // Generations are numbered by the pending table; nothing stays pending in a single transaction.
  const generation = sql.addPending.get(row.id)?.generation ?? 0;
  sql.dropPending.run(generation);
  const added = chunks.map((chunk, i) =>
    insertChunkRow(sql, storage, {
      userId,
      docType: document.docType,
      documentId: row.id,
      generation,
      chunk,
      terms: terms[i],
    }),
  );
  sql.showGeneration.run(...values.slice(3), generation, row.id);
  if (row.generation === null) return { added, removed: [], retiring: null };
  const removed = sql.generationChunks.all(row.id, row.generation, RETIRE_PAGE + 1);
  if (removed.length > RETIRE_PAGE) {
    sql.retirePending.run(row.generation, row.id);
    return { added, removed: [], retiring: { documentId: row.id, generation: row.generation } };
  }
  sql.deleteChunks.run(JSON.stringify(removed.map((chunk) => chunk.id)));
  return { added, removed, retiring: null };
}

export interface ChunkRow {
  userId: string;
  docType: DocType;
  documentId: number;
  generation: number;
  chunk: ChunkInput;
  terms: ChunkTerms | undefined;
}

/** Inserts one chunk row (in the caller's transaction); returns it as the in-memory index takes it. */
export function insertChunkRow(sql: IndexStatements, storage: VectorStorage, row: ChunkRow): ChunkEntry {
  const { userId, docType, documentId, generation, chunk } = row;
  const { length, pairs } = row.terms ?? { length: 0, pairs: new Uint32Array(0) };
  const vector = storedVector(chunk.vector, storage);
  const pointId = sql.insertChunk.get(
    ...[documentId, userId, docType, chunk.index, chunk.total, chunk.start, chunk.end, chunk.page, generation],
    ...[length, blobFromPairs(pairs), blobOfStored(vector)],
  )?.id;
  if (pointId === undefined) throw new Error('The chunk could not be written.');
  sql.insertText.run(pointId, storedText(chunk.text));
  return { pointId, documentId, docType, length, pairs, vector };
}
