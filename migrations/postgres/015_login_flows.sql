-- description: add login_flows (pending Login Flow v2 sign-ins: the encrypted poll token, the caller, the poll claim)
-- migrate:up
CREATE TABLE login_flows (
  flow_key TEXT PRIMARY KEY,
  caller_key TEXT NOT NULL,
  user_id TEXT,
  encrypted_poll_token BYTEA NOT NULL,
  encrypted_grant BYTEA,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  next_poll_at BIGINT NOT NULL
);
CREATE INDEX idx_login_flows_caller ON login_flows (caller_key, created_at);
CREATE INDEX idx_login_flows_expires_at ON login_flows (expires_at);
-- migrate:down
DROP TABLE login_flows;
