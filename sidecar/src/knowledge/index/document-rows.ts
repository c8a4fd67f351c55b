// The columns of an indexed document and of its chunks, the same in both index stores: rows → IndexedDocument and
// IndexedPoint, and a document's values.
import type { DocType } from '../doc-types.js';
import type { IndexedDocument, IndexedPoint } from './index-store.js';

/** A document row as either database driver returns it (PostgreSQL: bigint as text, JSON parsed). */
export interface DocumentColumns {
  doc_type: DocType;
  doc_id: string;
  title: string;
  mime_type: string;
  version: string;
  file_path: string | null;
  link: string | null;
  page_count: number | null;
  modified_at: number | string | null;
  extra: string | Record<string, string> | null;
}

export function toIndexedDocument(row: DocumentColumns): IndexedDocument {
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
  if (row.extra !== null) {
    document.extra = typeof row.extra === 'string' ? (JSON.parse(row.extra) as Record<string, string>) : row.extra;
  }
  return document;
}

/** A chunk's columns, selected with its document's (the point id and the vector as each store keeps them). */
export interface ChunkColumns {
  chunk_index: number;
  total: number;
  start_offset: number;
  end_offset: number;
  page: number | null;
  text: string;
}

export function toIndexedPoint(
  row: DocumentColumns & ChunkColumns,
  pointId: number | string,
  vector?: Float32Array,
): IndexedPoint {
  const point: IndexedPoint = {
    pointId: String(pointId),
    document: toIndexedDocument(row),
    index: row.chunk_index,
    total: row.total,
    start: row.start_offset,
    end: row.end_offset,
    page: row.page,
    text: row.text,
  };
  if (vector !== undefined) point.vector = vector;
  return point;
}

/** user_id, doc_type, doc_id, title, mime_type, version, file_path, link, page_count, modified_at, extra, indexed_at. */
export function documentValues(userId: string, d: IndexedDocument): unknown[] {
  const extra = d.extra === undefined ? null : JSON.stringify(d.extra);
  const indexedAt = Math.floor(Date.now() / 1000);
  const identity: unknown[] = [userId, d.docType, d.docId, d.title, d.mimeType, d.version];
  return identity.concat([
    d.filePath ?? null,
    d.link ?? null,
    d.pageCount ?? null,
    d.modifiedAt ?? null,
    extra,
    indexedAt,
  ]);
}
