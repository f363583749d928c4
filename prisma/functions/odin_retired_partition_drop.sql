-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_retired_partition_drop(parent text, retired text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  IF retired IS NULL OR retired NOT IN (SELECT odin_retired_partitions(parent)) THEN
    RAISE EXCEPTION '% is not a retired partition of %', retired, parent;
  END IF;
  EXECUTE format('DROP TABLE %I', retired);
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_retired_partition_drop(text,text) FROM PUBLIC;
