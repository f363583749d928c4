-- Today's definition, as the migrated database prints it. Generated: change it with a new migration,
-- then run `pnpm --filter @odin/db exec tsx src/cli/sql-definitions.ts` (packages/db/test/sql-definitions.test.ts
-- fails while this file and the migrations disagree).

CREATE OR REPLACE FUNCTION public.odin_monthly_partition_create(parent text, at timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$DECLARE
  col text := odin_monthly_partition_column(parent);
  starts_at timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  ends_at timestamptz := (date_trunc('month', at AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  part text := parent || '_' || to_char(at AT TIME ZONE 'UTC', '"y"YYYY"m"MM');
  waiting boolean;
BEGIN
  IF col IS NULL THEN
    RAISE EXCEPTION '% is not partitioned a month each', parent;
  END IF;
  -- One creator at a time (two replicas running the job, or the job and a migration).
  PERFORM pg_advisory_xact_lock(21021, 2);
  IF to_regclass(part) IS NOT NULL THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I d WHERE d.%I >= $1 AND d.%I < $2)', parent || '_default', col, col)
    INTO waiting USING starts_at, ends_at;
  IF waiting THEN
    IF parent = 'audit_logs' THEN
      ALTER TABLE audit_logs DISABLE TRIGGER USER;
    END IF;
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
    EXECUTE format('WITH moved AS (DELETE FROM %I d WHERE d.%I >= $1 AND d.%I < $2 RETURNING d.*) INSERT INTO %I SELECT * FROM moved',
      parent || '_default', col, col, part) USING starts_at, ends_at;
    IF parent = 'audit_logs' THEN
      ALTER TABLE audit_logs ENABLE TRIGGER USER;
    END IF;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, starts_at, ends_at);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent, starts_at, ends_at);
  END IF;
  RETURN part;
END$function$;

REVOKE EXECUTE ON FUNCTION odin_monthly_partition_create(text,timestamp with time zone) FROM PUBLIC;
