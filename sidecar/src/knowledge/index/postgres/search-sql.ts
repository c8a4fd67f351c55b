// BM25 and nearest-vector search in PostgreSQL: the formula of bm25.ts in SQL, pgvector HNSW with iterative scans.
import type pg from 'pg';
import { BM25_B, BM25_K1, DOCUMENT_EVIDENCE_WEIGHT } from '../bm25.js';
import type { RankedPoints } from '../index-store.js';
import { vectorLiteral } from './rows.js';

/**
 * Distinct query terms; `$3` the doc types or null for all. Statistics over all of the user's chunks; each chunk's
 * score with its document's evidence (bm25.ts).
 */
export function bm25Sql(s: string): string {
  return `
    WITH stats AS (
      SELECT chunk_count::float8 AS n,
             COALESCE(NULLIF(total_length::float8 / NULLIF(chunk_count, 0), 0), 1) AS average
      FROM ${s}.index_user_stats WHERE user_id = $1),
    df AS (
      SELECT p.term, count(*)::float8 AS df FROM ${s}.index_postings p
      WHERE p.user_id = $1 AND p.term = ANY($2::text[]) GROUP BY p.term),
    scored AS (
      SELECT p.chunk_id, c.document_id, sum(
        ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5)) * (p.tf * (${BM25_K1} + 1))
        / (p.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * c.length / stats.average))) AS score
      FROM ${s}.index_postings p
      JOIN df ON df.term = p.term
      JOIN ${s}.index_chunks c ON c.id = p.chunk_id
      CROSS JOIN stats
      WHERE p.user_id = $1 AND ($3::text[] IS NULL OR c.doc_type = ANY($3::text[]))
      GROUP BY p.chunk_id, c.document_id),
    evidenced AS (
      SELECT chunk_id,
             score + ${DOCUMENT_EVIDENCE_WEIGHT} * (sum(score) OVER (PARTITION BY document_id) - score) AS score
      FROM scored)
    SELECT chunk_id::text AS id, score, count(*) OVER () AS total FROM evidenced
    ORDER BY score DESC, chunk_id LIMIT $4`;
}

/** How many of the user's chunks each of the terms `$2` occurs in, beside the user's chunk count. */
export function termStatsSql(s: string): string {
  return `
    SELECT (SELECT chunk_count FROM ${s}.index_user_stats WHERE user_id = $1)::float8 AS n, p.term,
           count(*)::float8 AS df
    FROM ${s}.index_postings p WHERE p.user_id = $1 AND p.term = ANY($2::text[]) GROUP BY p.term`;
}

export async function searchNearest(
  client: pg.PoolClient,
  s: string,
  query: { userId: string; vector: Float32Array; docTypes: string[] | null; limit: number; minScore?: number },
): Promise<RankedPoints> {
  const n = query.vector.length;
  const literal = vectorLiteral(query.vector);
  const maxDistance = query.minScore === undefined ? 2 : 1 - query.minScore;
  const where = (types: string) => `user_id = $1 AND (${types}::text[] IS NULL OR doc_type = ANY(${types}::text[]))`;
  await client.query('BEGIN');
  try {
    // Iterative scans keep walking the graph until `limit` rows pass the per-user filter.
    await client.query('SET LOCAL hnsw.iterative_scan = relaxed_order');
    await client.query(`SET LOCAL hnsw.ef_search = ${Math.min(1000, Math.max(100, 2 * query.limit))}`);
    const hits = await client.query<{ id: string; distance: number }>(
      `SELECT id::text AS id, embedding::vector(${n}) <=> $2::vector(${n}) AS distance
       FROM ${s}.index_chunks WHERE ${where('$3')} AND embedding::vector(${n}) <=> $2::vector(${n}) <= $4
       ORDER BY embedding::vector(${n}) <=> $2::vector(${n}), id LIMIT $5`,
      [query.userId, literal, query.docTypes, maxDistance, query.limit],
    );
    const counted = await client.query<{ total: string }>(
      query.minScore === undefined
        ? `SELECT count(*) AS total FROM ${s}.index_chunks WHERE ${where('$2')}`
        : `SELECT count(*) AS total FROM ${s}.index_chunks WHERE ${where('$3')}
           AND embedding::vector(${n}) <=> $2::vector(${n}) <= $4`,
      query.minScore === undefined
        ? [query.userId, query.docTypes]
        : [query.userId, literal, query.docTypes, maxDistance],
    );
    await client.query('COMMIT');
    // relaxed_order may return rows slightly out of order.
    const scored = hits.rows.map((row) => ({ pointId: row.id, score: 1 - Number(row.distance) }));
    scored.sort((a, b) => b.score - a.score || Number(a.pointId) - Number(b.pointId));
    return { hits: scored, total: Number(counted.rows[0]?.total ?? 0) };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
