#!/usr/bin/env bash
# Installs the Debian packages the tests use (Chromium for browser tests, openssl, PHP) when they are missing.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v php >/dev/null 2>&1 || missing+=(php-cli php-xml php-mbstring)
command -v composer >/dev/null 2>&1 || missing+=(composer)
php -m 2>/dev/null | grep -qi '^sodium$' || missing+=(php-sodium)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
