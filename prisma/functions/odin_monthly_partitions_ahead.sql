-- Today's definition, as the migrated database prints it. Generated: change it with a new migration,
-- then run `pnpm --filter @odin/db exec tsx src/cli/sql-definitions.ts` (packages/db/test/sql-definitions.test.ts
-- fails while this file and the migrations disagree).

CREATE OR REPLACE FUNCTION public.odin_monthly_partitions_ahead(parent text, ahead integer)
 RETURNS SETOF text
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT created FROM (
    SELECT odin_monthly_partition_create(parent, (m AT TIME ZONE 'UTC')) AS created
    FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                         date_trunc('month', now() AT TIME ZONE 'UTC') + (ahead || ' month')::interval,
                         interval '1 month') m
  ) c WHERE created IS NOT NULL
$function$;

REVOKE EXECUTE ON FUNCTION odin_monthly_partitions_ahead(text,integer) FROM PUBLIC;
