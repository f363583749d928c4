-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_retired_detection_partition_forget_kept(retired text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
DECLARE
  first_at timestamptz;
  last_at timestamptz;
  left_over bigint;
BEGIN
  IF retired NOT IN (SELECT odin_retired_partitions('detections')) THEN
    RAISE EXCEPTION '% is not a retired partition of detections', retired;
  END IF;
  EXECUTE format('SELECT min("timestamp"), max("timestamp") FROM %I', retired) INTO first_at, last_at;
  IF first_at IS NULL THEN
    RETURN 0;
  END IF;
  EXECUTE format('DELETE FROM %I r USING detections d
    WHERE d.timestamp >= $1 AND d.timestamp <= $2 AND d.id = r.id AND d.timestamp = r.timestamp', retired)
    USING first_at, last_at;
  EXECUTE format('SELECT count(*) FROM %I', retired) INTO left_over;
  RETURN left_over;
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_retired_detection_partition_forget_kept(text) FROM PUBLIC;
