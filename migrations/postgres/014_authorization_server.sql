-- description: add the sidecar authorization server's records (codes, tokens, grants, sessions, clients) and keys
-- migrate:up
CREATE TABLE authorization_server_records (
  model TEXT NOT NULL,
  id_hash TEXT NOT NULL,
  encrypted_payload BYTEA NOT NULL,
  grant_id TEXT,
  uid_hash TEXT,
  user_code_hash TEXT,
  expires_at BIGINT,
  consumed_at BIGINT,
  PRIMARY KEY (model, id_hash)
);
CREATE INDEX idx_authorization_server_records_grant ON authorization_server_records (grant_id);
CREATE INDEX idx_authorization_server_records_uid ON authorization_server_records (model, uid_hash);
CREATE INDEX idx_authorization_server_records_expiry ON authorization_server_records (expires_at);
CREATE TABLE authorization_server_keys (
  kid TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  encrypted_key BYTEA NOT NULL,
  created_at BIGINT NOT NULL,
  retired_at BIGINT
);
-- migrate:down
DROP TABLE authorization_server_keys;
DROP TABLE authorization_server_records;
