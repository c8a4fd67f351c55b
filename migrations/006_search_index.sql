-- description: add the knowledge index (documents and chunks per user, with float32 vectors, term frequencies, the embedder in use, writes staged by generation)
-- migrate:up
CREATE TABLE index_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE index_documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  doc_type TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  title TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  version TEXT NOT NULL,
  file_path TEXT,
  link TEXT,
  page_count INTEGER,
  modified_at INTEGER,
  extra TEXT,
  indexed_at INTEGER NOT NULL,
  -- The generation of the chunks readers see; NULL while the first version is still being written (the document is
  -- invisible until then).
  generation INTEGER,
  UNIQUE (user_id, doc_type, doc_id)
);
CREATE INDEX idx_index_documents_file_path ON index_documents (user_id, file_path);
-- AUTOINCREMENT: a point id is never reused, so a stale id can never name another chunk.
CREATE TABLE index_chunks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL REFERENCES index_documents (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  doc_type TEXT NOT NULL,
  chunk_index INTEGER NOT NULL,
  total INTEGER NOT NULL,
  start_offset INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  page INTEGER,
  -- A chunk is visible only while its generation is its document's: a large write stages its chunks under a new
  -- generation in small transactions, then one short transaction switches the document over.
  generation INTEGER NOT NULL,
  -- Terms of title + "\n" + text: their count, and (term_no, tf) pairs as little-endian uint32s, so loading and
  -- deleting never tokenise again (before the text, so reading them never walks the text's overflow pages).
  length INTEGER NOT NULL,
  terms BLOB NOT NULL,
  text TEXT NOT NULL,
  vector BLOB NOT NULL
);
CREATE INDEX idx_index_chunks_document ON index_chunks (document_id, generation, chunk_index);
CREATE INDEX idx_index_chunks_user ON index_chunks (user_id, id);
-- Each user's terms, numbered densely from 0 in order of first use (a number indexes the in-memory postings).
CREATE TABLE index_terms (
  user_id TEXT NOT NULL,
  term TEXT NOT NULL,
  term_no INTEGER NOT NULL,
  PRIMARY KEY (user_id, term),
  UNIQUE (user_id, term_no)
) WITHOUT ROWID;
-- Generations not (or no longer) visible: being staged (retired = 0) or replaced and being deleted (retired = 1).
-- Rows left by a crash are cleaned up when the index is next opened. AUTOINCREMENT: a generation is never reused.
CREATE TABLE index_pending (
  generation INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL,
  retired INTEGER NOT NULL
);
-- migrate:down
DROP TABLE index_pending;
DROP TABLE index_terms;
DROP TABLE index_chunks;
DROP TABLE index_documents;
DROP TABLE index_meta;
