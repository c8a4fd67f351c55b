-- description: add rate_limit_hits (attempts counted per limiter and key, shared by every sidecar process)
-- migrate:up
CREATE TABLE rate_limit_hits (
  limiter TEXT NOT NULL,
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX idx_rate_limit_hits_key ON rate_limit_hits (limiter, key, at);
CREATE INDEX idx_rate_limit_hits_at ON rate_limit_hits (limiter, at);
-- migrate:down
DROP TABLE rate_limit_hits;
