// Rows of the PostgreSQL index and their mapping to the IndexStore types.
import { toIndexedDocument, toIndexedPoint, type ChunkColumns, type DocumentColumns } from '../document-rows.js';
import type { IndexedDocument, IndexedPoint } from '../index-store.js';

/** PostgreSQL answers bigint as text and JSON parsed. */
export interface PgDocumentRow extends DocumentColumns {
  modified_at: string | null;
  extra: Record<string, string> | null;
}

export interface PgPointRow extends PgDocumentRow, ChunkColumns {
  point_id: string;
  embedding?: string;
}

export const DOCUMENT_COLUMNS = `d.doc_type, d.doc_id, d.title, d.mime_type, d.version, d.file_path, d.link,
  d.page_count, d.modified_at, d.extra`;
export const POINT_COLUMNS = `${DOCUMENT_COLUMNS}, c.id::text AS point_id, c.chunk_index, c.total, c.start_offset,
  c.end_offset, c.page, c.text`;

export const toDocument = (row: PgDocumentRow): IndexedDocument => toIndexedDocument(row);

export const toPoint = (row: PgPointRow): IndexedPoint =>
  toIndexedPoint(row, row.point_id, row.embedding === undefined ? undefined : parseVector(row.embedding));

/** pgvector's text form `[0.1,0.2]` (shortest round-trip decimals of float4). */
export function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector, (x) => String(x)).join(',')}]`;
}

export function parseVector(text: string): Float32Array {
  return Float32Array.from(text.slice(1, -1).split(','), Number);
}
