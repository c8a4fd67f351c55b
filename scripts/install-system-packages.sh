#!/usr/bin/env bash
# Installs the Debian packages the tests use (Chromium, openssl, Radicale for CalDAV/CardDAV, PHP, xmllint, the
# PostgreSQL server the replica tests start, Tesseract with English and German for the OCR tests) when missing.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v radicale >/dev/null 2>&1 || missing+=(radicale)
command -v php >/dev/null 2>&1 || missing+=(php-cli php-xml php-mbstring)
command -v composer >/dev/null 2>&1 || missing+=(composer)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
tesseract_languages="$(tesseract --list-langs 2>/dev/null || true)"
for language in eng deu; do
  grep -qx "$language" <<<"$tesseract_languages" || missing+=("tesseract-ocr-$language")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Debian's PHP has sodium built in (php8.2-common); say so clearly if this PHP lacks it.
php -r 'exit(extension_loaded("sodium") && extension_loaded("mbstring") ? 0 : 1);' || {
  echo "PHP needs the sodium and mbstring extensions for the companion's tests." >&2
  exit 1
}

