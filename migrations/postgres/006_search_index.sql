-- description: add the knowledge index (documents and chunks per user, with float32 vectors, term frequencies, the embedder in use, writes staged by generation)
-- On PostgreSQL the index lives in its own schema, which the index store creates at open with pgvector
-- (src/search/postgres/schema.ts): the extension may be missing on a server that stores only tokens, and the
-- vector index depends on the embedder's dimension. This revision keeps both engines' numbering in step.
-- migrate:up
SELECT 1;
-- migrate:down
SELECT 1;
