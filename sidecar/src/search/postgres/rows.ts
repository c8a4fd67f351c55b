// Rows of the PostgreSQL index and their mapping to the IndexStore types.
import type { DocType } from '../doc-types.js';
import type { IndexedDocument, IndexedPoint } from '../index-store.js';

export interface PgDocumentRow {
  doc_type: DocType;
  doc_id: string;
  title: string;
  mime_type: string;
  version: string;
  file_path: string | null;
  link: string | null;
  page_count: number | null;
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

export function toDocument(row: PgDocumentRow): IndexedDocument {
  const document: IndexedDocument = {
    docType: row.doc_type,
    docId: row.doc_id,
    title: row.title,
    mimeType: row.mime_type,
    version: row.version,
  };
  if (row.file_path !== null) document.filePath = row.file_path;
  if (row.link !== null) document.link = row.link;
  if (row.page_count !== null) document.pageCount = row.page_count;
  if (row.modified_at !== null) document.modifiedAt = Number(row.modified_at);
  if (row.extra !== null) document.extra = row.extra;
  return document;
}

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
