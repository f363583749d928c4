#!/usr/bin/env bash
# Builds the deployable Odin into OUTPUT_DIR: the API bundle with its production dependencies only,
# the built web app and the migrations. The Dockerfile runs exactly this, and so does the production
# test (e2e/production), so what the test proves is what the image ships.
#   scripts/build-deployable.sh /out      then: cd /out && NODE_ENV=production … node apps/api/dist/server.js
set -euo pipefail
out="${1:?usage: scripts/build-deployable.sh OUTPUT_DIR}"
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"

pnpm turbo run build --filter=@odin/api --filter=@odin/web --output-logs=errors-only
rm -rf "$out"
# The API package's production dependencies (package.json "files": dist only), workspace packages inlined.
# Optional peers are not installed: @prisma/client would otherwise bring the Prisma CLI, its studio and
# their dependencies (about 210 MB that nothing runs). Executable links (.bin) are left out: nothing in
# an installed Odin runs a dependency's command.
pnpm --filter @odin/api deploy --prod --legacy --config.auto-install-peers=false "$out/apps/api" >/dev/null
find "$out" -type d -name .bin -prune -exec rm -rf {} +
# @prisma/client ships a query compiler for every database it supports (71 MB); Odin's generated client
# loads PostgreSQL's only (packages/db/src/generated/internal/class.ts). The others are left out.
prisma_runtime="$(find "$out/apps/api/node_modules/.pnpm" -path '*/@prisma/client/runtime' -type d)"
for engine in mysql sqlite sqlserver cockroachdb; do
  rm -f "$prisma_runtime"/query_compiler_*_bg."$engine".*
done
mkdir -p "$out/apps/web"
cp -r apps/web/dist "$out/apps/web/dist"
mkdir -p "$out/prisma"
cp -r prisma/schema.prisma prisma/migrations "$out/prisma/"
# The CLI knows it runs in an installed Odin (cli/database.ts: never the embedded database), and
# bin/odin is the same command as `pnpm odin` in a checkout.
echo "Built by scripts/build-deployable.sh. Commands: bin/odin --help" > "$out/.odin-deployable"
mkdir -p "$out/bin"
cat > "$out/bin/odin" <<'SH'
#!/bin/sh
# Odin's command line (odin --help): the same commands as `pnpm odin` in a checkout.
exec node "$(dirname "$(readlink -f "$0")")/../apps/api/dist/cli.js" "$@"
SH
chmod 755 "$out/bin/odin"
echo "Odin built into $out ($(du -sh "$out" | cut -f1); start: cd $out && node apps/api/dist/server.js; commands: $out/bin/odin --help)"
