-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_forget_alert_deliveries()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
  DELETE FROM alert_deliveries d USING old_alerts a WHERE d.alert_id = a.id;
  DELETE FROM alert_cooldowns c USING old_alerts a WHERE c.alert_id = a.id;
  RETURN NULL;
END$function$;

CREATE TRIGGER alerts_forget_deliveries AFTER DELETE ON alerts REFERENCING OLD TABLE AS old_alerts FOR EACH STATEMENT EXECUTE FUNCTION odin_forget_alert_deliveries();
