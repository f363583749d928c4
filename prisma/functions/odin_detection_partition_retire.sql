-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_detection_partition_retire(part text, keeps boolean, late bigint[], released bigint[])
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
DECLARE
  staged text := part || '_kept';
  retired text := part || '_retired';
  bounds record;
BEGIN
  SELECT * INTO bounds FROM odin_partition_bounds('detections', part);
  IF NOT keeps THEN
    EXECUTE format('DROP TABLE IF EXISTS %I', staged);
  ELSIF to_regclass(staged) IS NULL THEN
    RAISE EXCEPTION '% has kept reads but no staged replacement (odin_detection_partition_stage first)', part;
  END IF;
  EXECUTE format('ALTER TABLE detections DETACH PARTITION %I', part);
  EXECUTE format('ALTER TABLE %I RENAME TO %I', part, retired);
  IF keeps THEN
    EXECUTE format('DELETE FROM %I WHERE id = ANY($1)', staged) USING released;
    EXECUTE format('INSERT INTO %I SELECT r.* FROM %I r WHERE r.id = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM %I s WHERE s.id = r.id)', staged, retired, staged) USING late;
    EXECUTE format('ALTER TABLE detections ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
      staged, bounds.starts_at, bounds.ends_at);
    EXECUTE format('ALTER TABLE %I RENAME TO %I', staged, part);
  END IF;
  RETURN retired;
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_detection_partition_retire(text,boolean,bigint[],bigint[]) FROM PUBLIC;
