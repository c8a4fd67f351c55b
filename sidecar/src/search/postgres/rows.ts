// Rows of the PostgreSQL index and their mapping to the IndexStore types.
import { toIndexedDocument, type DocumentColumns } from '../document-rows.js';
import type { IndexedDocument, IndexedPoint } from '../index-store.js';

/** PostgreSQL answers bigint as text and JSON parsed. */
export interface PgDocumentRow extends DocumentColumns {
  modified_at: string | null;
  extra: Record<string, string> | null;
}

export interface PgPointRow extends PgDocumentRow {
  point_id: string;
  chunk_index: number;
  total: number;
  start_offset: number;
  end_offset: number;
  page: number | null;
  text: string;
  embedding?: string;
}

export const DOCUMENT_COLUMNS = `d.doc_type, d.doc_id, d.title, d.mime_type, d.version, d.file_path, d.link,
  d.page_count, d.modified_at, d.extra`;
export const POINT_COLUMNS = `${DOCUMENT_COLUMNS}, c.id::text AS point_id, c.chunk_index, c.total, c.start_offset,
  c.end_offset, c.page, c.text`;

export const toDocument = (row: PgDocumentRow): IndexedDocument => toIndexedDocument(row);

export function toPoint(row: PgPointRow): IndexedPoint {
  const point: IndexedPoint = {
    pointId: row.point_id,
    document: toDocument(row),
    index: row.chunk_index,
    total: row.total,
    start: row.start_offset,
    end: row.end_offset,
    page: row.page,
    text: row.text,
  };
  if (row.embedding !== undefined) point.vector = parseVector(row.embedding);
  return point;
}

/** pgvector's text form `[0.1,0.2]` (shortest round-trip decimals of float4). */
export function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector, (x) => String(x)).join(',')}]`;
}

export function parseVector(text: string): Float32Array {
  return Float32Array.from(text.slice(1, -1).split(','), Number);
}
