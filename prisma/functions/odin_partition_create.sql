-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_partition_create(parent text, unit text, at timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
DECLARE
  col text := odin_partition_column(parent);
  range_start timestamptz;
  range_end timestamptz;
  part text;
  waiting boolean;
BEGIN
  IF col IS NULL OR unit IS NULL OR NOT (unit = 'month' OR (unit = 'day' AND parent = 'detections')) THEN
    RAISE EXCEPTION '% is not partitioned a % each', parent, unit;
  END IF;
  range_start := date_trunc(unit, at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  range_end := (date_trunc(unit, at AT TIME ZONE 'UTC') + ('1 ' || unit)::interval) AT TIME ZONE 'UTC';
  part := parent || '_' || to_char(at AT TIME ZONE 'UTC',
    CASE unit WHEN 'month' THEN '"y"YYYY"m"MM' ELSE '"y"YYYY"m"MM"d"DD' END);
  -- One creator at a time (two replicas running the job, or the job and a migration).
  PERFORM pg_advisory_xact_lock(21021, 1);
  IF to_regclass(part) IS NOT NULL
     OR EXISTS (SELECT 1 FROM odin_partitions(parent) p
                WHERE p.starts_at < range_end AND p.ends_at > range_start) THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I d WHERE d.%I >= $1 AND d.%I < $2)', parent || '_default', col, col)
    INTO waiting USING range_start, range_end;
  IF waiting THEN
    IF parent = 'audit_logs' THEN
      ALTER TABLE audit_logs DISABLE TRIGGER USER;
    END IF;
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
    EXECUTE format('WITH moved AS (DELETE FROM %I d WHERE d.%I >= $1 AND d.%I < $2 RETURNING d.*) INSERT INTO %I SELECT * FROM moved',
      parent || '_default', col, col, part) USING range_start, range_end;
    IF parent = 'audit_logs' THEN
      ALTER TABLE audit_logs ENABLE TRIGGER USER;
    END IF;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, range_start, range_end);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent, range_start, range_end);
  END IF;
  RETURN part;
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_partition_create(text,text,timestamp with time zone) FROM PUBLIC;
