-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_detection_partition_stage(part text, keep bigint[])
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
DECLARE
  staged text := part || '_kept';
  bounds record;
BEGIN
  SELECT * INTO bounds FROM odin_partition_bounds('detections', part);
  EXECUTE format('DROP TABLE IF EXISTS %I', staged);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING INDEXES)', staged, part);
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK ("timestamp" >= %L AND "timestamp" < %L)',
    staged, staged || '_range', bounds.starts_at, bounds.ends_at);
  EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE id = ANY($1)', staged, part) USING keep;
  -- Statistics now, so the plans that read it as the partition do not wait for autovacuum.
  EXECUTE format('ANALYZE %I', staged);
  RETURN staged;
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_detection_partition_stage(text,bigint[]) FROM PUBLIC;
