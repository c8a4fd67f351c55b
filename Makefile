# The project's commands: `make run` starts the sidecar, `make test` runs every test (both install what is missing).
SHELL := /bin/bash
NPM_STAMP := node_modules/.install-stamp
SIDECAR_BUILD := sidecar/dist/cli.js
COMPANION_BUILD := js/mcp_companion-personal.mjs
COMPOSER_STAMP := vendor/.install-stamp
CLI := node sidecar/bin/nextcloud-mcp-server.js

.PHONY: install run test test-system-packages lint typecheck test-sidecar test-companion test-php test-e2e bench \
	db-upgrade db-current db-history db-downgrade db-migrate clean

install: $(NPM_STAMP) $(SIDECAR_BUILD) $(COMPANION_BUILD)

$(NPM_STAMP): package.json package-lock.json sidecar/package.json companion/package.json
	npm install --no-audit --no-fund
	@touch $@

$(SIDECAR_BUILD): $(NPM_STAMP) $(shell find sidecar/src -name '*.ts') sidecar/tsconfig.json sidecar/tsconfig.build.json
	npm run build -w sidecar

$(COMPANION_BUILD): $(NPM_STAMP) $(shell find companion/src -type f) companion/vite.config.ts
	npm run build -w companion

$(COMPOSER_STAMP): composer.json
	composer install --no-interaction --no-progress
	@touch $@

## Start the sidecar, configured from the environment or ./.env (SQLite under ./data by default).
run: install
	$(CLI) run

## Run every test: lint, types, sidecar, companion, PHP and browser.
test: test-system-packages install $(COMPOSER_STAMP)
	$(MAKE) lint typecheck test-sidecar test-companion test-php test-e2e

test-system-packages:
	./scripts/install-system-packages.sh

lint: $(NPM_STAMP)
	npm run lint

typecheck: $(NPM_STAMP)
	npm run typecheck -w sidecar
	npm run typecheck -w companion
	npx tsc -p test/tsconfig.json

test-sidecar: $(NPM_STAMP)
	npm run test -w sidecar

test-companion: $(NPM_STAMP)
	npm run test -w companion

test-php: $(COMPOSER_STAMP)
	vendor/bin/phpunit -c test/php/phpunit.xml

test-e2e: install $(COMPOSER_STAMP)
	npx vitest run --config test/e2e/vitest.config.ts

## Benchmarks; each prints ratios against a reference measured in the same run.
bench: install
	@command -v wrk >/dev/null 2>&1 || { sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; $$sudo apt-get update -qq && $$sudo apt-get install -y -qq wrk; }
	npm run bench -w sidecar

db-upgrade: install
	$(CLI) db upgrade
db-current: install
	$(CLI) db current
db-history: install
	$(CLI) db history
db-downgrade: install
	$(CLI) db downgrade
db-migrate: install
	@test -n "$(m)" || { echo 'Usage: make db-migrate m="<description>"'; exit 2; }
	$(CLI) db migrate "$(m)"

clean:
	rm -rf sidecar/dist js node_modules/.install-stamp vendor/.install-stamp
