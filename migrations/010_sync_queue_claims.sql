-- description: sync queue claims: an item a worker took is claimed until a time, so no other worker (of any replica) takes it meanwhile
-- migrate:up
ALTER TABLE sync_queue ADD COLUMN claimed_until INTEGER NOT NULL DEFAULT 0;
-- migrate:down
ALTER TABLE sync_queue DROP COLUMN claimed_until;
