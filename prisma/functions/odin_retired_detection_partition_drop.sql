-- Today's definition, as the migrated database prints it. Generated: change it with a new migration,
-- then run `pnpm --filter @odin/db exec tsx src/cli/sql-definitions.ts` (packages/db/test/sql-definitions.test.ts
-- fails while this file and the migrations disagree).

CREATE OR REPLACE FUNCTION public.odin_retired_detection_partition_drop(retired text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$BEGIN
  IF retired NOT IN (SELECT odin_retired_detection_partitions()) THEN
    RAISE EXCEPTION '% is not a retired partition of detections', retired;
  END IF;
  EXECUTE format('DROP TABLE %I', retired);
END$function$;

REVOKE EXECUTE ON FUNCTION odin_retired_detection_partition_drop(text) FROM PUBLIC;
