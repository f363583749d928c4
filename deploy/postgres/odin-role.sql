-- The role and database Odin runs as: a login that owns its database (so it can apply migrations and
-- create the trusted pg_trgm extension) and is nothing more: not a superuser, cannot create databases
-- or roles, cannot replicate or bypass row security. Run once as a superuser, with psql variables:
--   psql -v app_role=odin -v app_database=odin -v app_password="$ODIN_DB_PASSWORD" -f odin-role.sql
-- docker-compose.yml runs it through deploy/postgres/init-odin.sh; the production test
-- (e2e/production) runs this same file (createAppRole in packages/db/src/testing.ts).
CREATE ROLE :"app_role" LOGIN PASSWORD :'app_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
CREATE DATABASE :"app_database" OWNER :"app_role";
REVOKE ALL ON DATABASE :"app_database" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"app_database" TO :"app_role";
