-- Today's definition, as the migrated database prints it. Generated: change it with a new migration,
-- then run `pnpm --filter @odin/db exec tsx src/cli/sql-definitions.ts` (packages/db/test/sql-definitions.test.ts
-- fails while this file and the migrations disagree).

CREATE OR REPLACE FUNCTION public.audit_logs_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN RAISE EXCEPTION 'audit_logs is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END$function$;

CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_change();

CREATE TRIGGER audit_logs_no_update_or_delete BEFORE DELETE OR UPDATE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_refuse_change();
