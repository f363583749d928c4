-- The roles and database Odin runs with (issue 17: the role split). Run once as a superuser:
--   psql -v app_role=odin -v app_database=odin -v app_password="$ODIN_DB_PASSWORD" \
--        -v dml_role=odin_app -v dml_password="$ODIN_APP_DB_PASSWORD" -f odin-role.sql
-- app_role owns the database and its tables: Odin applies migrations as it (DATABASE_MIGRATION_URL)
-- and then grants dml_role what it needs (packages/db/src/app-role.ts). dml_role is what Odin
-- connects as (DATABASE_URL): it owns nothing, reads and writes rows only, and may not UPDATE,
-- DELETE or TRUNCATE audit_logs. Neither is a superuser, creates databases or roles, replicates or
-- bypasses row security, so neither may set session_replication_role, and only the owner may
-- ALTER TABLE (DISABLE TRIGGER).
-- docker-compose.yml runs it through deploy/postgres/init-odin.sh. The production test
-- (e2e/production) and the app-role test run this same file (createAppRoles in packages/db/src/testing.ts).
CREATE ROLE :"app_role" LOGIN PASSWORD :'app_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
CREATE ROLE :"dml_role" LOGIN PASSWORD :'dml_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
CREATE DATABASE :"app_database" OWNER :"app_role";
REVOKE ALL ON DATABASE :"app_database" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"app_database" TO :"app_role";
GRANT CONNECT ON DATABASE :"app_database" TO :"dml_role";
