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
pnpm --filter @odin/api deploy --prod --legacy "$out/apps/api" >/dev/null
mkdir -p "$out/apps/web"
cp -r apps/web/dist "$out/apps/web/dist"
mkdir -p "$out/prisma"
cp -r prisma/schema.prisma prisma/migrations "$out/prisma/"
echo "Odin built into $out (start: cd $out && node apps/api/dist/server.js; setup: node apps/api/dist/cli.js setup)"
