#!/usr/bin/env bash
# The PostgreSQL image's first-start hook (/docker-entrypoint-initdb.d, see docker-compose.yml): creates
# the owner role `odin` (migrations), the DML-only role `odin_app` (what Odin connects as) and the
# database, from deploy/postgres/odin-role.sql.
set -euo pipefail
: "${ODIN_DB_PASSWORD:?set ODIN_DB_PASSWORD}"
: "${ODIN_APP_DB_PASSWORD:?set ODIN_APP_DB_PASSWORD}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_role=odin -v app_database=odin -v app_password="$ODIN_DB_PASSWORD" \
  -v dml_role=odin_app -v dml_password="$ODIN_APP_DB_PASSWORD" \
  -f /docker-entrypoint-initdb.d/odin-role.sql.in
