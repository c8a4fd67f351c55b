#!/usr/bin/env bash
# Packs the companion as an app-store release: build/artifacts/mcp_companion.tar.gz, the same bytes for the same tree.
#
#   scripts/build-appstore.sh [--out DIR]          stage the app and pack it into DIR/mcp_companion.tar.gz
#   scripts/build-appstore.sh --stage-only DIR     stage the app into DIR/mcp_companion (to sign it with occ)
#   scripts/build-appstore.sh --from DIR [--out D] pack an already staged (and signed) DIR/mcp_companion
#
# `make appstore` builds the companion's js/ first and then runs this script; run alone, it refuses a js/ that is
# missing or older than companion/src. Only what Nextcloud loads goes in: appinfo, lib, templates, the built js
# (without source maps: they hold the whole source, 7 of the 9 MB, and the source is in the repository), img
# (without the screenshots, which the store loads from their URLs), l10n, CHANGELOG.md, LICENSE and README.md.
# No Composer packages: lib/ uses only OCP, OCA\McpCompanion and the PSR interfaces Nextcloud itself ships.
set -euo pipefail

APP_ID=mcp_companion
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Fixed entry times; SOURCE_DATE_EPOCH (reproducible-builds.org) overrides the default 2026-01-01T00:00:00Z.
EPOCH=${SOURCE_DATE_EPOCH:-1767225600}

main() {
  local out="$ROOT/build/artifacts" stage_only="" from=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --out) out=$2; shift 2 ;;
      --stage-only) stage_only=$2; shift 2 ;;
      --from) from=$2; shift 2 ;;
      *) echo "Unknown argument: $1 (see the comment at the top of $0)" >&2; exit 2 ;;
    esac
  done

  if [ -n "$stage_only" ]; then
    stage_app "$stage_only/$APP_ID"
    echo "Staged $stage_only/$APP_ID"
    return
  fi

  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
  local work=$WORK
  if [ -n "$from" ]; then
    [ -f "$from/$APP_ID/appinfo/info.xml" ] || { echo "$from/$APP_ID/appinfo/info.xml is missing" >&2; exit 1; }
    cp -R "$from/$APP_ID" "$work/$APP_ID"
  else
    stage_app "$work/$APP_ID"
  fi
  mkdir -p "$out"
  pack_app "$work" "$out/$APP_ID.tar.gz"
  echo "Wrote $out/$APP_ID.tar.gz"
}

stage_app() {
  local dest=$1
  assert_companion_built
  if [ -e "$dest" ]; then
    echo "$dest already exists; choose an empty directory" >&2
    exit 1
  fi
  mkdir -p "$dest"/{appinfo,lib,templates,js,img,l10n}

  cp "$ROOT"/appinfo/info.xml "$ROOT"/appinfo/routes.php "$dest/appinfo/"
  copy_tree "$ROOT/lib" "$dest/lib" -name '*.php'
  copy_tree "$ROOT/templates" "$dest/templates" -name '*.php'
  copy_tree "$ROOT/img" "$dest/img" -not -path './screenshots/*'
  copy_tree "$ROOT/l10n" "$dest/l10n" \( -name '*.js' -o -name '*.json' \)
  copy_tree "$ROOT/js" "$dest/js" \( -name '*.mjs' -o -name '*.js' -o -name '*.css' \)
  # The maps stay out, so the comments pointing at them go too (browsers would otherwise ask for them).
  find "$dest/js" -type f \( -name '*.mjs' -o -name '*.js' \) -exec sed -i '/^\/\/# sourceMappingURL=/d' {} +
  if [ -d "$ROOT/css" ]; then
    copy_tree "$ROOT/css" "$dest/css" -name '*.css'
  fi
  cp "$ROOT/CHANGELOG.md" "$ROOT/LICENSE" "$ROOT/README.md" "$dest/"
}

# copy_tree SRC DEST FIND-TESTS…: the regular files under SRC that pass the tests, at the same relative paths.
copy_tree() {
  local src=$1 dest=$2
  shift 2
  (cd "$src" && find . -type f "$@" -print0 | sed -z "s|^\./||") |
    while IFS= read -r -d '' file; do
      mkdir -p "$dest/$(dirname "$file")"
      cp "$src/$file" "$dest/$file"
    done
}

assert_companion_built() {
  local entry="$ROOT/js/mcp_companion-personal.mjs"
  if [ ! -f "$entry" ]; then
    echo "js/ is not built; run make appstore (which builds the companion first)" >&2
    exit 1
  fi
  if [ -n "$(find "$ROOT/companion/src" "$ROOT/companion/vite.config.ts" -newer "$entry" -print -quit)" ]; then
    echo "js/ is older than companion/src; run make appstore (which rebuilds the companion first)" >&2
    exit 1
  fi
}

# Sorted entries, fixed times, owner and group 0, normalised modes, no gzip name or time: same tree, same bytes.
pack_app() {
  local parent=$1 archive=$2
  LC_ALL=C tar --create --format=gnu --sort=name --mtime="@$EPOCH" \
    --owner=0 --group=0 --numeric-owner --mode='u=rwX,go=rX' \
    --directory="$parent" "$APP_ID" | gzip -9 -n >"$archive.tmp"
  mv "$archive.tmp" "$archive"
}

main "$@"
