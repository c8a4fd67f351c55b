-- description: add webhook_deliveries (a fingerprint of each accepted delivery, so a replayed one is ignored)
-- migrate:up
CREATE TABLE webhook_deliveries (
  fingerprint TEXT PRIMARY KEY,
  seen_at BIGINT NOT NULL
);
CREATE INDEX idx_webhook_deliveries_seen_at ON webhook_deliveries (seen_at);
-- migrate:down
DROP TABLE webhook_deliveries;
