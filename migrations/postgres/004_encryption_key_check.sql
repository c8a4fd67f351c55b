-- description: add encryption_key_check (a value sealed with TOKEN_ENCRYPTION_KEY: a wrong key stops start-up)
-- migrate:up
CREATE TABLE encryption_key_check (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  check_value BYTEA NOT NULL,
  updated_at BIGINT NOT NULL
);
-- migrate:down
DROP TABLE encryption_key_check;
