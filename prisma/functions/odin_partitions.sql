-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_partitions(parent text)
 RETURNS TABLE(name text, starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT c.relname::text, b[1]::timestamptz, b[2]::timestamptz
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']+)''\) TO \(''([^'']+)''\)') b
  WHERE odin_partition_column(parent) IS NOT NULL
    AND i.inhparent = to_regclass('public.' || parent) AND b IS NOT NULL
  ORDER BY 2
$function$;

REVOKE EXECUTE ON FUNCTION odin_partitions(text) FROM PUBLIC;
