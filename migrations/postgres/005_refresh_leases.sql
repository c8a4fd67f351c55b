-- description: add refresh_leases (one sidecar process at a time refreshes a user's token; leases expire)
-- migrate:up
CREATE TABLE refresh_leases (
  user_id TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
-- migrate:down
DROP TABLE refresh_leases;
