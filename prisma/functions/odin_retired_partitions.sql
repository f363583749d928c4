-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_retired_partitions(parent text)
 RETURNS SETOF text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition
    AND odin_partition_column(parent) IS NOT NULL
    AND c.relname ~ ('^' || parent || '_y[0-9]{4}m[0-9]{2}'
                     || CASE parent WHEN 'detections' THEN '(d[0-9]{2})?' ELSE '' END || '_retired$')
  ORDER BY 1
$function$;

REVOKE EXECUTE ON FUNCTION odin_retired_partitions(text) FROM PUBLIC;
