-- description: initial schema (refresh tokens, audit log, OAuth clients, OAuth sessions, webhooks)
-- migrate:up
CREATE TABLE refresh_tokens (
  user_id TEXT PRIMARY KEY,
  encrypted_token BLOB NOT NULL,
  scopes TEXT NOT NULL DEFAULT '',
  expires_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  user_id TEXT,
  action TEXT NOT NULL,
  outcome TEXT NOT NULL DEFAULT 'ok',
  request_id TEXT,
  detail TEXT
);
CREATE INDEX idx_audit_log_at ON audit_log (at);
CREATE INDEX idx_audit_log_user ON audit_log (user_id, at);

CREATE TABLE oauth_clients (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  encrypted_client_secret BLOB,
  encrypted_registration_token BLOB,
  registration_client_uri TEXT,
  redirect_uris TEXT NOT NULL DEFAULT '[]',
  scopes TEXT NOT NULL DEFAULT '',
  expires_at INTEGER,
  created_at INTEGER NOT NULL,
  UNIQUE (issuer, client_id)
);

CREATE TABLE oauth_sessions (
  session_id TEXT PRIMARY KEY,
  user_id TEXT,
  state TEXT NOT NULL,
  encrypted_code_verifier BLOB,
  redirect_uri TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX idx_oauth_sessions_expires_at ON oauth_sessions (expires_at);

CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY,
  event TEXT NOT NULL,
  uri TEXT NOT NULL,
  encrypted_secret BLOB,
  user_id TEXT,
  created_at INTEGER NOT NULL
);
-- migrate:down
DROP TABLE webhooks;
DROP TABLE oauth_sessions;
DROP TABLE oauth_clients;
DROP TABLE audit_log;
DROP TABLE refresh_tokens;
