// Writing to the PostgreSQL index: input checks, the document upsert and the chunk columns sent with unnest().
import type pg from 'pg';
import type { DocType } from '../doc-types.js';
import { DOC_TYPES, isDocType } from '../doc-types.js';
import type { ChunkInput, IndexedDocument } from '../index-store.js';
import { vectorLiteral } from './rows.js';

export interface Embedder {
  id: string;
  dimensions: number;
}

export async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

export function checkInput(
  userId: string,
  d: IndexedDocument,
  chunks: readonly ChunkInput[],
  embedder?: Embedder,
): void {
  if (!embedder) throw new Error('The index has no embedder yet: call useEmbedder first.');
  if (userId === '') throw new Error('A document needs a user.');
  if (!isDocType(d.docType)) throw new Error(`Unknown doc type; expected one of ${DOC_TYPES.join(', ')}.`);
  for (const chunk of chunks) {
    if (chunk.vector.length !== embedder.dimensions) {
      throw new Error(`A chunk vector has ${chunk.vector.length} dimensions; the index holds ${embedder.dimensions}.`);
    }
  }
}

export function upsertDocumentSql(s: string): string {
  return `INSERT INTO ${s}.index_documents (user_id, doc_type, doc_id, title, mime_type, version, file_path, link,
      page_count, modified_at, extra, indexed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
    ON CONFLICT (user_id, doc_type, doc_id) DO UPDATE SET title = excluded.title, mime_type = excluded.mime_type,
      version = excluded.version, file_path = excluded.file_path, link = excluded.link,
      page_count = excluded.page_count, modified_at = excluded.modified_at, extra = excluded.extra,
      indexed_at = excluded.indexed_at
    RETURNING id::text AS id`;
}

export function chunkColumns(chunks: readonly ChunkInput[], terms: readonly string[][]): unknown[] {
  return [
    chunks.map((c) => c.index),
    chunks.map((c) => c.total),
    chunks.map((c) => c.start),
    chunks.map((c) => c.end),
    chunks.map((c) => c.page),
    chunks.map((c) => c.text),
    terms.map((t) => t.length),
    chunks.map((c) => vectorLiteral(c.vector)),
  ];
}

export function typesOrNull(docTypes: readonly DocType[] | undefined): string[] | null {
  return docTypes && docTypes.length > 0 ? [...docTypes] : null;
}
