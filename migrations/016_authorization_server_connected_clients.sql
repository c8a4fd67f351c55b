-- description: name each authorization-server grant's user and client (connected clients), and keep revoked clients
-- migrate:up
ALTER TABLE authorization_server_records ADD COLUMN account_id TEXT;
ALTER TABLE authorization_server_records ADD COLUMN client_id TEXT;
ALTER TABLE authorization_server_records ADD COLUMN client_name TEXT;
ALTER TABLE authorization_server_records ADD COLUMN created_at BIGINT;
ALTER TABLE authorization_server_records ADD COLUMN last_used_at BIGINT;
CREATE INDEX idx_authorization_server_records_account ON authorization_server_records (model, account_id, client_id);
CREATE TABLE authorization_server_revocations (
  account_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  revoked_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, client_id)
);
-- migrate:down
DROP TABLE authorization_server_revocations;
DROP INDEX idx_authorization_server_records_account;
ALTER TABLE authorization_server_records DROP COLUMN last_used_at;
ALTER TABLE authorization_server_records DROP COLUMN created_at;
ALTER TABLE authorization_server_records DROP COLUMN client_name;
ALTER TABLE authorization_server_records DROP COLUMN client_id;
ALTER TABLE authorization_server_records DROP COLUMN account_id;
