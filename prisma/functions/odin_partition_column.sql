-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_partition_column(parent text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE parent WHEN 'detections' THEN 'timestamp' WHEN 'audit_logs' THEN 'created_at'
                     WHEN 'alerts' THEN 'timestamp' END
$function$;
