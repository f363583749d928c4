-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_partition_bounds(parent text, part text, OUT starts_at timestamp with time zone, OUT ends_at timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  SELECT p.starts_at, p.ends_at INTO starts_at, ends_at FROM odin_partitions(parent) p WHERE p.name = part;
  IF NOT FOUND THEN
    RAISE EXCEPTION '% is not a partition of % with a range', part, parent;
  END IF;
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_partition_bounds(text,text) FROM PUBLIC;
