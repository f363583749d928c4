-- Today's definition, as the migrated database prints it. Generated: change it with a new migration,
-- then run `pnpm --filter @odin/db exec tsx src/cli/sql-definitions.ts` (packages/db/test/sql-definitions.test.ts
-- fails while this file and the migrations disagree).

CREATE OR REPLACE FUNCTION public.odin_partition_column(parent text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE parent WHEN 'detections' THEN 'timestamp' WHEN 'audit_logs' THEN 'created_at'
                     WHEN 'alerts' THEN 'timestamp' END
$function$;
