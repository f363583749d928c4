-- Today's definition, as the migrated database prints it. Generated: change it with a new migration,
-- then run `pnpm --filter @odin/db exec tsx src/cli/sql-definitions.ts` (packages/db/test/sql-definitions.test.ts
-- fails while this file and the migrations disagree).

CREATE OR REPLACE FUNCTION public.odin_detection_partition_create(starts_at timestamp with time zone, ends_at timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$DECLARE
  part text := 'detections_' || to_char(starts_at AT TIME ZONE 'UTC',
    CASE WHEN ends_at - starts_at > interval '1 day' THEN '"y"YYYY"m"MM' ELSE '"y"YYYY"m"MM"d"DD' END);
BEGIN
  IF ends_at <= starts_at THEN
    RAISE EXCEPTION 'a partition must end after it starts (% to %)', starts_at, ends_at;
  END IF;
  -- One creator at a time (two replicas running the job, or the job and a migration).
  PERFORM pg_advisory_xact_lock(21021, 1);
  IF to_regclass(part) IS NOT NULL
     OR EXISTS (SELECT 1 FROM odin_detection_partitions() p
                WHERE p.starts_at < odin_detection_partition_create.ends_at
                  AND p.ends_at > odin_detection_partition_create.starts_at) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM detections_default d
             WHERE d.timestamp >= starts_at AND d.timestamp < ends_at) THEN
    EXECUTE format('CREATE TABLE %I (LIKE detections INCLUDING DEFAULTS)', part);
    EXECUTE format('WITH moved AS (DELETE FROM detections_default d WHERE d.timestamp >= $1 AND d.timestamp < $2 RETURNING d.*) INSERT INTO %I SELECT * FROM moved', part)
      USING starts_at, ends_at;
    EXECUTE format('ALTER TABLE detections ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, starts_at, ends_at);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF detections FOR VALUES FROM (%L) TO (%L)', part, starts_at, ends_at);
  END IF;
  RETURN part;
END$function$;

REVOKE EXECUTE ON FUNCTION odin_detection_partition_create(timestamp with time zone,timestamp with time zone) FROM PUBLIC;
