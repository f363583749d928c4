-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_partitions_ahead(parent text, unit text, ahead integer)
 RETURNS SETOF text
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT created FROM (
    SELECT odin_partition_create(parent, unit, s AT TIME ZONE 'UTC') AS created
    FROM generate_series(date_trunc(unit, now() AT TIME ZONE 'UTC'),
                         date_trunc(unit, now() AT TIME ZONE 'UTC') + (ahead || ' ' || unit)::interval,
                         ('1 ' || unit)::interval) s
    WHERE unit IN ('month', 'day')
  ) c WHERE created IS NOT NULL
$function$;

REVOKE EXECUTE ON FUNCTION odin_partitions_ahead(text,text,integer) FROM PUBLIC;
