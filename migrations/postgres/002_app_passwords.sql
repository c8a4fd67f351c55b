-- description: add app_passwords (per-user app passwords for background sync)
-- migrate:up
CREATE TABLE app_passwords (
  user_id TEXT PRIMARY KEY,
  encrypted_password BYTEA NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX idx_app_passwords_updated_at ON app_passwords (updated_at);
-- migrate:down
DROP TABLE app_passwords;
