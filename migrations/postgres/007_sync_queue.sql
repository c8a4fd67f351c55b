-- description: add the knowledge sync's persistent state (synced users, scan cursors, the document queue)
-- migrate:up
CREATE TABLE sync_users (
  user_id TEXT PRIMARY KEY,
  state TEXT NOT NULL DEFAULT 'active',
  paused_reason TEXT,
  last_scan_at BIGINT,
  next_scan_at BIGINT NOT NULL DEFAULT 0,
  scan_failures INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);

CREATE TABLE sync_cursors (
  user_id TEXT NOT NULL,
  doc_type TEXT NOT NULL,
  cursor TEXT,
  skipped TEXT,
  last_error TEXT,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, doc_type)
);

CREATE TABLE sync_queue (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id TEXT NOT NULL,
  doc_type TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  action TEXT NOT NULL,
  version TEXT NOT NULL DEFAULT '',
  hint TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'queued',
  last_error TEXT,
  not_before BIGINT NOT NULL DEFAULT 0,
  enqueued_at BIGINT NOT NULL,
  UNIQUE (user_id, doc_type, doc_id)
);
CREATE INDEX idx_sync_queue_ready ON sync_queue (state, not_before, id);
-- migrate:down
DROP TABLE sync_queue;
DROP TABLE sync_cursors;
DROP TABLE sync_users;
