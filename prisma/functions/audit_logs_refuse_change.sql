-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.audit_logs_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN RAISE EXCEPTION 'audit_logs is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END$function$;

CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_change();

CREATE TRIGGER audit_logs_no_update_or_delete BEFORE DELETE OR UPDATE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_refuse_change();
