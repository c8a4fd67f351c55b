-- description: sync queue turns: each user's ready documents in order, so a claim takes them user by user
-- migrate:up
CREATE INDEX idx_sync_queue_user_ready ON sync_queue (user_id, state, not_before, id);
-- migrate:down
DROP INDEX idx_sync_queue_user_ready;
