// Writing to the PostgreSQL index: input checks, the document upsert and the chunk columns sent with unnest().
import type pg from 'pg';
import type { DocType } from '../../doc-types.js';
import { DOC_TYPES, isDocType } from '../../doc-types.js';
import type { TimeSlices } from '../time-slices.js';
import type { ChunkInput, IndexedDocument } from '../index-store.js';
import { documentTokenizer } from '../../text/bm25-text.js';
import { termFrequencies } from '../../text/tokenizer.js';
import { vectorLiteral } from './rows.js';
import type { IndexFormat as Embedder } from '../index-format.js';

export type { Embedder };

/** Chunks per INSERT: the driver serialises a statement's arrays (vectors as text, postings) in a few milliseconds. */
const INSERT_BATCH = 32;

export async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

/** `work` in one transaction on `client`: committed when it resolves, rolled back when it throws. */
export async function inTransactionOn<T>(
  client: pg.PoolClient,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
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

/**
 * Inserts a document's chunks and their postings in batches inside the caller's transaction (readers see none of
 * them before it commits), tokenising each batch's chunks in slices that yield to the event loop (only one batch's
 * terms are held at a time). Returns the chunks' total length in terms.
 */
export async function insertChunks(
  client: pg.PoolClient,
  s: string,
  owner: { documentId: string; userId: string; docType: DocType; title: string },
  chunks: readonly ChunkInput[],
  slices: TimeSlices,
): Promise<number> {
  let total = 0;
  const tokenizer = documentTokenizer(
    owner.title,
    chunks.map((chunk) => chunk.text),
  );
  for (let from = 0; from < chunks.length; from += INSERT_BATCH) {
    const batch = chunks.slice(from, from + INSERT_BATCH);
    const batchTerms: string[][] = [];
    for (const chunk of batch) {
      batchTerms.push(tokenizer.chunkTerms(chunk.text));
      total += batchTerms[batchTerms.length - 1]?.length ?? 0;
      await slices.pause();
    }
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO ${s}.index_chunks (document_id, user_id, doc_type, chunk_index, total, start_offset, end_offset,
         page, text, length, embedding)
       SELECT $1, $2, $3, u.* FROM unnest($4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::text[],
         $10::int[], $11::vector[]) AS u
       RETURNING id::text AS id`,
      [owner.documentId, owner.userId, owner.docType, ...chunkColumns(batch, batchTerms)],
    );
    // [term, chunk id, tf] rows as one JSON text: serialised natively, where the driver escapes arrays element by element.
    const postings: [string, string, number][] = [];
    inserted.rows.forEach((row, i) => {
      for (const [term, tf] of termFrequencies(batchTerms[i] ?? [])) postings.push([term, row.id, tf]);
    });
    await client.query(
      `INSERT INTO ${s}.index_postings (user_id, term, chunk_id, tf)
       SELECT $1, p ->> 0, (p ->> 1)::bigint, (p ->> 2)::int FROM json_array_elements($2::json) AS p`,
      [owner.userId, JSON.stringify(postings)],
    );
    await slices.pause();
  }
  return total;
}

function chunkColumns(chunks: readonly ChunkInput[], terms: readonly string[][]): unknown[] {
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
