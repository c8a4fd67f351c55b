-- description: keep each chunk's text apart from its terms and vector, deflated where that is smaller (the embedded index's lean layout)
-- The index's layout name (index_meta 'embedder') changes with this revision, so the next start empties the index and
-- the scans write it again: the chunks are dropped here rather than converted.
-- migrate:up
DELETE FROM index_chunks;
ALTER TABLE index_chunks DROP COLUMN text;
-- One row per chunk, keyed by its point id: loading a user's index reads the chunk rows without walking the texts,
-- and only results and chunk context read these. `text` holds the UTF-8 text as TEXT, or as a BLOB raw-deflated
-- (RFC 1951) when that is smaller.
CREATE TABLE index_chunk_texts (
  id INTEGER PRIMARY KEY REFERENCES index_chunks (id) ON DELETE CASCADE,
  text BLOB NOT NULL
);
-- migrate:down
DROP TABLE index_chunk_texts;
DELETE FROM index_chunks;
ALTER TABLE index_chunks ADD COLUMN text TEXT NOT NULL DEFAULT '';
