-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_alert_partition_retire(part text, OUT retired text, OUT alerts bigint)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  PERFORM odin_partition_bounds('alerts', part);
  retired := part || '_retired';
  EXECUTE format('ALTER TABLE alerts DETACH PARTITION %I', part);
  EXECUTE format('ALTER TABLE %I RENAME TO %I', part, retired);
  EXECUTE format('DELETE FROM alert_deliveries d USING %I r WHERE d.alert_id = r.id', retired);
  EXECUTE format('DELETE FROM alert_cooldowns c USING %I r WHERE c.alert_id = r.id', retired);
  EXECUTE format('SELECT count(*) FROM %I', retired) INTO alerts;
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_alert_partition_retire(text) FROM PUBLIC;
