// The PostgreSQL index schema, created idempotently at open; one HNSW index for the embedder's dimension.
import type pg from 'pg';

/** A schema name we interpolate into SQL: plain lower-case identifiers only. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Serialises schema changes between sidecar processes sharing one database. */
const SCHEMA_LOCK = 'SELECT pg_advisory_xact_lock(hashtext($1))';

export function schemaStatements(s: string): string[] {
  return [
    'CREATE EXTENSION IF NOT EXISTS vector',
    ...(s === 'public' ? [] : [`CREATE SCHEMA IF NOT EXISTS ${s}`]),
    `CREATE TABLE IF NOT EXISTS ${s}.index_meta (key text PRIMARY KEY, value text NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${s}.index_documents (
       id bigserial PRIMARY KEY, user_id text NOT NULL, doc_type text NOT NULL, doc_id text NOT NULL,
       title text NOT NULL, mime_type text NOT NULL, version text NOT NULL, file_path text, link text,
       page_count integer, modified_at bigint, extra jsonb, indexed_at bigint NOT NULL,
       UNIQUE (user_id, doc_type, doc_id))`,
    `CREATE INDEX IF NOT EXISTS index_documents_file_path ON ${s}.index_documents (user_id, file_path)`,
    `CREATE TABLE IF NOT EXISTS ${s}.index_chunks (
       id bigserial PRIMARY KEY,
       document_id bigint NOT NULL REFERENCES ${s}.index_documents (id) ON DELETE CASCADE,
       user_id text NOT NULL, doc_type text NOT NULL, chunk_index integer NOT NULL, total integer NOT NULL,
       start_offset integer NOT NULL, end_offset integer NOT NULL, page integer, text text NOT NULL,
       length integer NOT NULL, embedding vector NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS index_chunks_document ON ${s}.index_chunks (document_id, chunk_index)`,
    `CREATE INDEX IF NOT EXISTS index_chunks_user ON ${s}.index_chunks (user_id, doc_type)`,
    `CREATE TABLE IF NOT EXISTS ${s}.index_postings (
       user_id text NOT NULL, term text NOT NULL,
       chunk_id bigint NOT NULL REFERENCES ${s}.index_chunks (id) ON DELETE CASCADE, tf integer NOT NULL,
       PRIMARY KEY (user_id, term, chunk_id))`,
    `CREATE INDEX IF NOT EXISTS index_postings_chunk ON ${s}.index_postings (chunk_id)`,
    `CREATE TABLE IF NOT EXISTS ${s}.index_user_stats (
       user_id text PRIMARY KEY, chunk_count bigint NOT NULL, total_length bigint NOT NULL)`,
  ];
}

export async function applySchema(client: pg.PoolClient, schema: string): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(SCHEMA_LOCK, [`nextcloud-mcp-index:${schema}`]);
    for (const statement of schemaStatements(schema)) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** Makes the HNSW index of `dimensions` the only one (the index is empty of other dimensions by then). */
export async function useDimensionIndex(client: pg.PoolClient, schema: string, dimensions: number): Promise<void> {
  await client.query(SCHEMA_LOCK, [`nextcloud-mcp-index:${schema}`]);
  const wanted = `index_chunks_hnsw_${dimensions}`;
  const { rows } = await client.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND indexname LIKE 'index_chunks_hnsw_%'",
    [schema],
  );
  for (const { indexname } of rows) {
    if (indexname !== wanted && /^index_chunks_hnsw_\d+$/.test(indexname)) {
      await client.query(`DROP INDEX IF EXISTS ${schema}.${indexname}`);
    }
  }
  await client.query(
    `CREATE INDEX IF NOT EXISTS ${wanted} ON ${schema}.index_chunks
     USING hnsw ((embedding::vector(${dimensions})) vector_cosine_ops)`,
  );
}
