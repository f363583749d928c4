-- Issue 39 item 4: one family of partition functions for the three tables partitioned by time, in place
-- of two (odin_detection_partition* from 20261130100000_detections_partitioned, odin_monthly_partition*
-- from 20261201100000_audit_logs_partitioned). Each takes the table first; what they do is unchanged:
--   detections  by "timestamp",  a month or a day each (DETECTION_PARTITION), retired by retention;
--   audit_logs  by created_at,   a month each, never dropped;
--   alerts      by "timestamp",  a month each, retired by the alert retention.
-- Partitions are named <table>_yYYYYmMM or <table>_yYYYYmMMdDD (UTC), the default one <table>_default,
-- a retired one <partition>_retired. The steps of retention that differ between detections (kept reads
-- are staged into a replacement) and alerts (deliveries and cooldowns go with the month) keep their
-- functions, now built on the family.
--
-- Everything is SECURITY DEFINER, owned by the migrating role, with EXECUTE revoked from PUBLIC;
-- grantAppRole (packages/db/src/app-role.ts, PARTITION_FUNCTIONS) grants Odin's role the ones its jobs
-- call, as before: never odin_partition_create or odin_partition_bounds themselves.
--
-- The first migration written for a migrator that runs each file as one script: plain semicolons in
-- $$ bodies. prisma/functions/ holds each function's definition as the database prints it.

-- The column `parent` is partitioned by, NULL for a table that is not partitioned by time.
CREATE FUNCTION odin_partition_column(parent text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE parent WHEN 'detections' THEN 'timestamp' WHEN 'audit_logs' THEN 'created_at'
                     WHEN 'alerts' THEN 'timestamp' END
$$;

-- The partitions of `parent` that have a range, with their bounds (pg_get_expr prints FOR VALUES FROM
-- ('…') TO ('…')), oldest first. Retired partitions are no longer partitions: odin_retired_partitions.
CREATE FUNCTION odin_partitions(parent text)
RETURNS TABLE (name text, starts_at timestamptz, ends_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT c.relname::text, b[1]::timestamptz, b[2]::timestamptz
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']+)''\) TO \(''([^'']+)''\)') b
  WHERE odin_partition_column(parent) IS NOT NULL
    AND i.inhparent = to_regclass('public.' || parent) AND b IS NOT NULL
  ORDER BY 2
$$;

-- The partition of `parent` for the `unit` ('month', or 'day' for detections only; UTC) that holds `at`.
-- Nothing is done when a partition already covers any of that range (answers NULL). Rows of the range
-- waiting in the default partition move into it in the same transaction, unchanged (CREATE … PARTITION
-- OF would refuse while they are there). For audit_logs the chain and append-only triggers are off for
-- that move only, inside this transaction, which holds audit_logs' lock meanwhile, so no other session
-- writes or sees audit_logs without them. (alerts has statement triggers only, which a move between
-- partitions does not fire; detections has none.)
CREATE FUNCTION odin_partition_create(parent text, unit text, at timestamptz)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
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
$$;

-- This `unit`'s partition of `parent` (UTC) and `ahead` more, where none covers them yet. Answers the
-- names created.
CREATE FUNCTION odin_partitions_ahead(parent text, unit text, ahead int)
RETURNS SETOF text
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT created FROM (
    SELECT odin_partition_create(parent, unit, s AT TIME ZONE 'UTC') AS created
    FROM generate_series(date_trunc(unit, now() AT TIME ZONE 'UTC'),
                         date_trunc(unit, now() AT TIME ZONE 'UTC') + (ahead || ' ' || unit)::interval,
                         ('1 ' || unit)::interval) s
    WHERE unit IN ('month', 'day')
  ) c WHERE created IS NOT NULL
$$;

-- A partition's range, or an error when `part` is not one of `parent`'s partitions with a range.
CREATE FUNCTION odin_partition_bounds(parent text, part text, OUT starts_at timestamptz, OUT ends_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  SELECT p.starts_at, p.ends_at INTO starts_at, ends_at FROM odin_partitions(parent) p WHERE p.name = part;
  IF NOT FOUND THEN
    RAISE EXCEPTION '% is not a partition of % with a range', part, parent;
  END IF;
END
$$;

-- Retired tables of `parent`: detached by retention, not yet dropped.
CREATE FUNCTION odin_retired_partitions(parent text)
RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition
    AND odin_partition_column(parent) IS NOT NULL
    AND c.relname ~ ('^' || parent || '_y[0-9]{4}m[0-9]{2}'
                     || CASE parent WHEN 'detections' THEN '(d[0-9]{2})?' ELSE '' END || '_retired$')
  ORDER BY 1
$$;

CREATE FUNCTION odin_retired_partition_drop(parent text, retired text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF retired IS NULL OR retired NOT IN (SELECT odin_retired_partitions(parent)) THEN
    RAISE EXCEPTION '% is not a retired partition of %', retired, parent;
  END IF;
  EXECUTE format('DROP TABLE %I', retired);
END
$$;

-- Retention of detections by partition (apps/api/src/jobs/detection-partitions.ts), unchanged but for
-- the family's functions: the reads to keep are copied, without a lock on detections, into a table with
-- the partition's indexes and range (stage), which takes the partition's place in the transaction of
-- the detach (retire).
CREATE OR REPLACE FUNCTION odin_detection_partition_stage(part text, keep bigint[])
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
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
$$;

-- `keeps`: whether any read of the partition is kept (then `stage` has made its replacement). `late`
-- and `released`: the reads that began, and stopped, being kept since `stage`. Answers the retired
-- table's name.
CREATE OR REPLACE FUNCTION odin_detection_partition_retire(part text, keeps boolean, late bigint[], released bigint[])
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
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
$$;

-- A retired table without the reads kept in detections: what is left goes. Answers how many reads.
CREATE OR REPLACE FUNCTION odin_retired_detection_partition_forget_kept(retired text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
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
$$;

-- The picture keys of a retired table's reads, `max_rows` reads with a picture after `after_id`.
CREATE OR REPLACE FUNCTION odin_retired_detection_pictures(retired text, after_id bigint, max_rows int)
RETURNS TABLE (id bigint, image_path text, plate_image_path text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF retired NOT IN (SELECT odin_retired_partitions('detections')) THEN
    RAISE EXCEPTION '% is not a retired partition of detections', retired;
  END IF;
  RETURN QUERY EXECUTE format('SELECT r.id, r.image_path, r.plate_image_path FROM %I r
    WHERE r.id > $1 AND (r.image_path IS NOT NULL OR r.plate_image_path IS NOT NULL)
    ORDER BY r.id LIMIT $2', retired) USING after_id, max_rows;
END
$$;

-- Retention of alerts by month (apps/api/src/jobs/alert-retention.ts): the month leaves alerts with its
-- alerts' deliveries and cooldown windows (the AFTER DELETE trigger does not fire for a detach).
CREATE OR REPLACE FUNCTION odin_alert_partition_retire(part text, OUT retired text, OUT alerts bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM odin_partition_bounds('alerts', part);
  retired := part || '_retired';
  EXECUTE format('ALTER TABLE alerts DETACH PARTITION %I', part);
  EXECUTE format('ALTER TABLE %I RENAME TO %I', part, retired);
  EXECUTE format('DELETE FROM alert_deliveries d USING %I r WHERE d.alert_id = r.id', retired);
  EXECUTE format('DELETE FROM alert_cooldowns c USING %I r WHERE c.alert_id = r.id', retired);
  EXECUTE format('SELECT count(*) FROM %I', retired) INTO alerts;
END
$$;

-- The crops of a retired table's alerts that no alert in alerts shows.
CREATE OR REPLACE FUNCTION odin_retired_alert_pictures(part text)
RETURNS TABLE (image_path text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF part NOT IN (SELECT odin_retired_partitions('alerts')) THEN
    RAISE EXCEPTION '% is not a retired partition of alerts', part;
  END IF;
  RETURN QUERY EXECUTE format('SELECT DISTINCT r.image_path FROM %I r WHERE r.image_path IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM alerts o WHERE o.image_path = r.image_path)', part);
END
$$;

-- The two families' general functions go (their work is the family's above).
DROP FUNCTION odin_detection_partitions_ahead(text, int);
DROP FUNCTION odin_detection_partition_create(timestamptz, timestamptz);
DROP FUNCTION odin_detection_partition_bounds(text);
DROP FUNCTION odin_detection_partitions();
DROP FUNCTION odin_retired_detection_partition_drop(text);
DROP FUNCTION odin_retired_detection_partitions();
DROP FUNCTION odin_monthly_partitions_ahead(text, int);
DROP FUNCTION odin_monthly_partition_create(text, timestamptz);
DROP FUNCTION odin_monthly_partitions(text);
DROP FUNCTION odin_monthly_partition_column(text);
DROP FUNCTION odin_retired_alert_partition_drop(text);
DROP FUNCTION odin_retired_alert_partitions();

-- Only the table owner and the role grantAppRole names may run these.
REVOKE EXECUTE ON FUNCTION odin_partitions(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_partition_create(text, text, timestamptz) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_partitions_ahead(text, text, int) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_partition_bounds(text, text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_partitions(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_partition_drop(text, text) FROM PUBLIC;
