# The project's commands: `make run` starts the sidecar, `make test` runs every test (both install what is missing).
SHELL := /bin/bash

# Node.js 24 LTS: the system's when it is 24 or newer; otherwise make fetches it once from the npm registry (the
# node-<os>-<arch> package ships the binary and the headers native builds need) into .tools/, without touching the
# system, and every recipe below runs with it first on PATH.
NODE_MAJOR := 24
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
NODE_PACKAGE := node-$(shell uname -s | tr A-Z a-z)-$(shell uname -m | sed -e s/x86_64/x64/ -e s/aarch64/arm64/)
ifeq ($(shell [ $(SYSTEM_NODE_MAJOR) -ge $(NODE_MAJOR) ] && echo system),system)
NODE := $(shell command -v node)
NPM_NODEDIR :=
else
NODE_HOME := $(CURDIR)/.tools/node/node_modules/$(NODE_PACKAGE)
NODE := $(NODE_HOME)/bin/node
NPM_NODEDIR := npm_config_nodedir=$(NODE_HOME)
export PATH := $(NODE_HOME)/bin:$(PATH)
endif

NPM_STAMP := node_modules/.install-stamp
SIDECAR_BUILD := sidecar/dist/cli/cli.js
COMPANION_BUILD := js/mcp_companion-personal.mjs
COMPOSER_STAMP := vendor/.install-stamp
PSALM_STAMP := vendor-bin/psalm/vendor/.install-stamp
CLI := node sidecar/bin/nextcloud-mcp-server.js

.PHONY: install run key test test-system-packages lint typecheck test-sidecar test-companion test-php test-php-standards \
	test-e2e bench \
	db-upgrade db-current db-history db-downgrade db-migrate clean appstore test-appstore

install: $(NPM_STAMP) $(SIDECAR_BUILD) $(COMPANION_BUILD)

$(NODE):
	npm install --prefix .tools/node --no-save --no-audit --no-fund $(NODE_PACKAGE)@^$(NODE_MAJOR)
	@touch $@

# Exactly what package-lock.json names (npm ci never rewrites it); native modules (better-sqlite3) are built against
# this Node's headers, and rebuilt when they were built for another Node.
$(NPM_STAMP): package.json package-lock.json sidecar/package.json companion/package.json $(NODE)
	$(NPM_NODEDIR) npm ci --no-audit --no-fund
	node -e "require('better-sqlite3')(':memory:')" 2>/dev/null || $(NPM_NODEDIR) npm rebuild better-sqlite3
	@touch $@

$(SIDECAR_BUILD): $(NPM_STAMP) $(shell find sidecar/src -name '*.ts') sidecar/tsconfig.json sidecar/tsconfig.build.json
	npm run build -w sidecar

$(COMPANION_BUILD): $(NPM_STAMP) $(shell find companion/src companion/build -type f) companion/vite.config.ts
	npm run build -w companion

$(COMPOSER_STAMP): composer.json composer.lock
	composer install --no-interaction --no-progress
	@touch $@

# Psalm has a Composer project of its own (vendor-bin/psalm/): Psalm 5 needs nikic/php-parser 4, PHPUnit 11 needs 5.
$(PSALM_STAMP): vendor-bin/psalm/composer.json vendor-bin/psalm/composer.lock
	composer install --working-dir=vendor-bin/psalm --no-interaction --no-progress
	@touch $@

## Start the sidecar, configured from the environment or ./.env (SQLite under ./data by default).
run: install
	$(CLI) run

## Print a new TOKEN_ENCRYPTION_KEY (base64 of 32 random bytes); works before anything is installed or built.
key:
	@node -e "console.log(require('crypto').randomBytes(32).toString('base64'))" 2>/dev/null || openssl rand -base64 32

## Run every test: lint, types, sidecar, companion, PHP and its standards, browser.
## The checks and the PHP and companion suites run two at a time (each keeps one core busy; output stays grouped per
## target); the sidecar and browser suites run after them, with the machine to themselves, since some of their tests
## measure time.
test: test-system-packages install $(COMPOSER_STAMP)
	$(MAKE) -j2 --output-sync=target lint typecheck test-companion test-php test-php-standards
	$(MAKE) test-sidecar test-e2e test-appstore

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

## Nextcloud's PHP standards: php-cs-fixer with nextcloud/coding-standard (.php-cs-fixer.dist.php; apply its fixes
## with vendor/bin/php-cs-fixer fix), then Psalm at Nextcloud's errorLevel 4 (psalm.xml).
test-php-standards: $(COMPOSER_STAMP) $(PSALM_STAMP)
	vendor/bin/php-cs-fixer fix --dry-run --diff --show-progress=none
	vendor-bin/psalm/vendor/bin/psalm --no-cache --no-progress --threads=1 --show-info=false

test-e2e: install $(COMPOSER_STAMP)
	npx vitest run --config test/e2e/vitest.config.ts

test-appstore: install $(COMPOSER_STAMP)
	npx vitest run --config test/appstore/vitest.config.ts

## The companion as an app-store release: build/artifacts/mcp_companion.tar.gz from a freshly built js/.
appstore: $(COMPANION_BUILD)
	./scripts/build-appstore.sh

## Benchmarks; each prints ratios against a reference measured in the same run.
bench: install test-system-packages
	@command -v wrk >/dev/null 2>&1 && command -v mutool >/dev/null 2>&1 || { sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; $$sudo apt-get update -qq && $$sudo apt-get install -y -qq wrk mupdf-tools; }
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
	rm -rf sidecar/dist js node_modules/.install-stamp vendor/.install-stamp vendor-bin/psalm/vendor/.install-stamp .tools
