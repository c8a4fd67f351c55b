-- description: add access_tokens (users' current access tokens, encrypted, so replicas sharing the database refresh once)
-- migrate:up
CREATE TABLE access_tokens (
  user_id TEXT PRIMARY KEY,
  encrypted_token BYTEA NOT NULL,
  expires_at BIGINT NOT NULL
);
-- migrate:down
DROP TABLE access_tokens;
