#!/usr/bin/env bash
# Builds into OUT_DIR exactly the files the sidecar's container image ships; the Dockerfile and the tests run this.
#
#   scripts/build-sidecar-image-tree.sh OUT_DIR
#
# OUT_DIR (new or empty) receives:
#   sidecar/dist/       the compiled sidecar (no source maps, no tests)
#   sidecar/bin/        the command line, sidecar/package.json (its version)
#   sidecar/openapi.json
#                       the OpenAPI document of the management API, for operators and API clients
#   migrations/         the SQL migrations, beside sidecar/ as sidecar/src/store/migration-files.ts expects them
#   package.json, package-lock.json, node_modules/
#                       the sidecar's production dependencies, at the versions of the workspace's package-lock.json
#
# It reads the checkout and writes nothing to it: the compiler is installed from the same lock into a temporary
# directory, so a container's build stage (a bare copy of the sources) and CI run the very same steps.
set -euo pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "Usage: $0 OUT_DIR   (a new or empty directory)" >&2
  exit 2
fi
if [ -e "$1" ] && [ -n "$(ls -A "$1" 2>/dev/null)" ]; then
  echo "$1 is not empty; give a new or empty directory." >&2
  exit 2
fi
mkdir -p "$1"
out="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
npm_quiet=(--no-audit --no-fund --loglevel=error)

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

# 1. The compiler, beside a copy of the sidecar's sources (TypeScript is a dependency of the workspace root, the type
# packages of the sidecar; nothing is run from them, so no install scripts either).
mkdir -p "$stage/sidecar" "$stage/companion"
cp package.json package-lock.json "$stage/"
cp companion/package.json "$stage/companion/"
cp -R sidecar/package.json sidecar/tsconfig.json sidecar/tsconfig.build.json sidecar/src "$stage/sidecar/"
(cd "$stage" && npm ci "${npm_quiet[@]}" --ignore-scripts --workspace sidecar --include-workspace-root)

# 2. The sidecar, compiled from sidecar/src only, and what it reads beside its code.
"$stage/node_modules/.bin/tsc" -p "$stage/sidecar/tsconfig.build.json" --outDir "$out/sidecar/dist" --sourceMap false
cp -R sidecar/bin "$out/sidecar/bin"
cp sidecar/package.json sidecar/openapi.json "$out/sidecar/"
mkdir "$out/migrations"
cp -R migrations/. "$out/migrations/"

# 3. Production dependencies from the workspace's lock. npm ci needs every workspace's package.json to accept the
# lock; with --workspace it still installs what only the companion's packages ask for ("devOptional" in the lock:
# vite, tsx, esbuild, …), so the companion leaves the workspace and npm prune removes everything the sidecar's
# production dependencies do not reach.
cp package.json package-lock.json "$out/"
mkdir "$out/companion"
cp companion/package.json "$out/companion/package.json"
(
  cd "$out"
  npm ci "${npm_quiet[@]}" --omit=dev --workspace sidecar --include-workspace-root=false
  node -e '
    const fs = require("node:fs");
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    pkg.workspaces = ["sidecar"];
    delete pkg.devDependencies;
    delete pkg.scripts;
    fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
  '
  rm -rf companion
  npm prune "${npm_quiet[@]}" --omit=dev
  # npm prune leaves the folders of emptied scopes behind.
  find node_modules -mindepth 1 -maxdepth 1 -type d -empty -delete
)

# 4. The native and WebAssembly modules load on this platform (better-sqlite3, usearch, mupdf).
(
  cd "$out/sidecar"
  node --input-type=module -e '
    import { createRequire } from "node:module";
    const require = createRequire(process.cwd() + "/");
    new (require("better-sqlite3"))(":memory:").prepare("select 1").get();
    const usearch = require("usearch");
    const vectors = new Float32Array([1, 0, 0, 1]);
    usearch.exactSearch(vectors, new Float32Array([1, 0]), 2, 1, usearch.MetricKind.Cos, 1);
    await import("mupdf");
  '
)
echo "Sidecar image tree built in $out"
