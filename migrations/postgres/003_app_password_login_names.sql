-- description: add app_passwords.login_name (an app password works only with the login name it was minted under)
-- migrate:up
ALTER TABLE app_passwords ADD COLUMN login_name TEXT;
-- migrate:down
ALTER TABLE app_passwords DROP COLUMN login_name;
