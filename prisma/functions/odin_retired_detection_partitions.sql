-- Today's definition, as the migrated database prints it. Generated: change it with a new migration,
-- then run `pnpm --filter @odin/db exec tsx src/cli/sql-definitions.ts` (packages/db/test/sql-definitions.test.ts
-- fails while this file and the migrations disagree).

CREATE OR REPLACE FUNCTION public.odin_retired_detection_partitions()
 RETURNS SETOF text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition
    AND c.relname ~ '^detections_y[0-9]{4}m[0-9]{2}(d[0-9]{2})?_retired$'
  ORDER BY 1
$function$;

REVOKE EXECUTE ON FUNCTION odin_retired_detection_partitions() FROM PUBLIC;
