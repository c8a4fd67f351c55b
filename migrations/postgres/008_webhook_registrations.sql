-- description: webhooks: Nextcloud's webhook id, the preset, the event filter and the admin who registered it
-- migrate:up
ALTER TABLE webhooks ADD COLUMN nextcloud_id BIGINT;
ALTER TABLE webhooks ADD COLUMN preset TEXT;
ALTER TABLE webhooks ADD COLUMN event_filter TEXT NOT NULL DEFAULT '{}';
ALTER TABLE webhooks ADD COLUMN registered_by TEXT;
CREATE UNIQUE INDEX idx_webhooks_nextcloud_id ON webhooks (nextcloud_id);
-- migrate:down
DROP INDEX idx_webhooks_nextcloud_id;
ALTER TABLE webhooks DROP COLUMN registered_by;
ALTER TABLE webhooks DROP COLUMN event_filter;
ALTER TABLE webhooks DROP COLUMN preset;
ALTER TABLE webhooks DROP COLUMN nextcloud_id;
