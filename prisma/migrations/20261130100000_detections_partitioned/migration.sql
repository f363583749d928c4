-- Issue 21 item 2: detections become range partitions by the read's time (docs/scaling.md, "Time
-- partitions"), so retention drops a whole month or day instead of deleting reads one by one, and a
-- search descends the indexes of the partitions its range touches only.
--
-- Keys: a partitioned table's unique keys must contain the partition key, so the primary key is
-- (id, timestamp) and the idempotency key (axis_integration_id, vendor_event_id, timestamp): a
-- repeated push is still one row, since its vendor event id and capture time are the same. id stays
-- unique in practice (one sequence). Nothing references detections by foreign key.
--
-- Partitions: in this migration, the months that hold reads, this month and the next. Afterwards the detection-partitions job creates them ahead (months, or days with
-- DETECTION_PARTITION=day). A DEFAULT partition takes reads outside every range (absurd dates: before
-- 2000, a camera clock far ahead). Creating a partition moves the default partition's reads of its range.
--
-- Odin runs as a role that owns nothing (issue 17), and creating, detaching or dropping a partition
-- needs the table's owner: the functions below are SECURITY DEFINER, owned by the migrating role,
-- with EXECUTE revoked from PUBLIC and granted to Odin's role by grantAppRole (packages/db/src/app-role.ts).
--
-- The existing reads are copied in one transaction (about 30 s per million reads, docs/scaling.md),
-- the migrator runs each statement on its own, hence the explicit BEGIN and COMMIT. Function bodies
-- are E'' strings with \073 for their semicolons (the migrator splits on them).
BEGIN;

-- 1. The old table steps aside, its keys and indexes go (the new table takes their names).
ALTER TABLE "detections" RENAME TO "detections_unpartitioned";
ALTER TABLE "detections_unpartitioned" DROP CONSTRAINT "detections_pkey";
ALTER TABLE "detections_unpartitioned" DROP CONSTRAINT "detections_agency_id_fkey";
ALTER TABLE "detections_unpartitioned" DROP CONSTRAINT "detections_axis_integration_id_fkey";
DROP INDEX "detections_timestamp_idx";
DROP INDEX "detections_agency_id_timestamp_idx";
DROP INDEX "detections_axis_integration_id_timestamp_idx";
DROP INDEX "detections_plate_normalized_timestamp_idx";
DROP INDEX "detections_plate_normalized_trgm_idx";
DROP INDEX "detections_axis_integration_id_vendor_event_id_key";

-- 2. The partitioned table: the same columns, the same sequence.
CREATE TABLE "detections" (
    "id" BIGINT NOT NULL DEFAULT nextval('detections_id_seq'::regclass),
    "source_program" TEXT NOT NULL DEFAULT 'Axis',
    "plate" TEXT NOT NULL,
    "plate_normalized" TEXT NOT NULL,
    "plate_state" TEXT,
    "make" TEXT,
    "color" TEXT,
    "body_type" TEXT,
    "camera_name" TEXT,
    "agency_id" INTEGER NOT NULL,
    "axis_integration_id" INTEGER NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "image_path" TEXT,
    "plate_image_path" TEXT,
    "plate_x1" INTEGER,
    "plate_x2" INTEGER,
    "plate_x3" INTEGER,
    "plate_x4" INTEGER,
    "plate_y1" INTEGER,
    "plate_y2" INTEGER,
    "plate_y3" INTEGER,
    "plate_y4" INTEGER,
    "confidence" DOUBLE PRECISION,
    "direction" TEXT,
    "raw" JSONB,
    "vendor_event_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "absurd_date" BOOLEAN NOT NULL DEFAULT false
) PARTITION BY RANGE ("timestamp");

ALTER SEQUENCE "detections_id_seq" OWNED BY "detections"."id";

CREATE TABLE "detections_default" PARTITION OF "detections" DEFAULT;

-- 3. The partitions of detections that have a range, with their bounds (pg_get_expr prints
--    FOR VALUES FROM ('…') TO ('…')). Retired partitions (detached by retention, not yet dropped) are
--    no longer partitions and are listed by odin_retired_detection_partitions.
CREATE FUNCTION odin_detection_partitions()
RETURNS TABLE (name text, starts_at timestamptz, ends_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT c.relname::text, b[1]::timestamptz, b[2]::timestamptz
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']+)''\) TO \(''([^'']+)''\)') b
  WHERE i.inhparent = 'public.detections'::regclass AND b IS NOT NULL
  ORDER BY 2
$$;

-- 4. One partition for [starts_at, ends_at), named detections_yYYYYmMM (a month) or
--    detections_yYYYYmMMdDD (a day, in UTC). Nothing is done when a partition already covers any of
--    the range (answers NULL). Reads of the range waiting in the default partition are moved into
--    it in the same transaction (CREATE … PARTITION OF would refuse while they are there).
CREATE FUNCTION odin_detection_partition_create(starts_at timestamptz, ends_at timestamptz)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'DECLARE
  part text := ''detections_'' || to_char(starts_at AT TIME ZONE ''UTC'',
    CASE WHEN ends_at - starts_at > interval ''1 day'' THEN ''"y"YYYY"m"MM'' ELSE ''"y"YYYY"m"MM"d"DD'' END)\073
BEGIN
  IF ends_at <= starts_at THEN
    RAISE EXCEPTION ''a partition must end after it starts (% to %)'', starts_at, ends_at\073
  END IF\073
  -- One creator at a time (two replicas running the job, or the job and a migration).
  PERFORM pg_advisory_xact_lock(21021, 1)\073
  IF to_regclass(part) IS NOT NULL
     OR EXISTS (SELECT 1 FROM odin_detection_partitions() p
                WHERE p.starts_at < odin_detection_partition_create.ends_at
                  AND p.ends_at > odin_detection_partition_create.starts_at) THEN
    RETURN NULL\073
  END IF\073
  IF EXISTS (SELECT 1 FROM detections_default d
             WHERE d.timestamp >= starts_at AND d.timestamp < ends_at) THEN
    EXECUTE format(''CREATE TABLE %I (LIKE detections INCLUDING DEFAULTS)'', part)\073
    EXECUTE format(''WITH moved AS (DELETE FROM detections_default d WHERE d.timestamp >= $1 AND d.timestamp < $2 RETURNING d.*) INSERT INTO %I SELECT * FROM moved'', part)
      USING starts_at, ends_at\073
    EXECUTE format(''ALTER TABLE detections ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)'', part, starts_at, ends_at)\073
  ELSE
    EXECUTE format(''CREATE TABLE %I PARTITION OF detections FOR VALUES FROM (%L) TO (%L)'', part, starts_at, ends_at)\073
  END IF\073
  RETURN part\073
END';

-- 5. Partitions from the current period on: `unit` 'month' or 'day' (UTC), this one and `ahead` more.
--    Answers the names created.
CREATE FUNCTION odin_detection_partitions_ahead(unit text, ahead int)
RETURNS SETOF text
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT created FROM (
    SELECT odin_detection_partition_create(s AT TIME ZONE 'UTC', (s + ('1 ' || unit)::interval) AT TIME ZONE 'UTC') AS created
    FROM generate_series(date_trunc(unit, now() AT TIME ZONE 'UTC'),
                         date_trunc(unit, now() AT TIME ZONE 'UTC') + (ahead || ' ' || unit)::interval,
                         ('1 ' || unit)::interval) s
    WHERE unit IN ('month', 'day')
  ) c WHERE created IS NOT NULL
$$;

-- 6. Retention by partition (apps/api/src/jobs/detection-partitions.ts). A partition whose every read is
--    past its agency's retention leaves detections in one short transaction, then its pictures go, then
--    the table: a crash in between leaves a retired table (not searchable), which the next run finishes.
--    Reads that must stay (an alert points at them, a legal hold keeps them) are first copied, without a
--    lock on detections, into a table with the partition's indexes and range (`stage`), and that table
--    takes the partition's place in the same transaction as the detach (`retire`).
-- A partition's range, or an error when `part` is not one of detections' partitions with a range.
CREATE FUNCTION odin_detection_partition_bounds(part text, OUT starts_at timestamptz, OUT ends_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS E'BEGIN
  SELECT p.starts_at, p.ends_at INTO starts_at, ends_at FROM odin_detection_partitions() p WHERE p.name = part\073
  IF NOT FOUND THEN
    RAISE EXCEPTION ''% is not a partition of detections with a range'', part\073
  END IF\073
END';

CREATE FUNCTION odin_detection_partition_stage(part text, keep bigint[])
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'DECLARE
  staged text := part || ''_kept''\073
  bounds record\073
BEGIN
  SELECT * INTO bounds FROM odin_detection_partition_bounds(part)\073
  EXECUTE format(''DROP TABLE IF EXISTS %I'', staged)\073
  EXECUTE format(''CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING INDEXES)'', staged, part)\073
  EXECUTE format(''ALTER TABLE %I ADD CONSTRAINT %I CHECK ("timestamp" >= %L AND "timestamp" < %L)'',
    staged, staged || ''_range'', bounds.starts_at, bounds.ends_at)\073
  EXECUTE format(''INSERT INTO %I SELECT * FROM %I WHERE id = ANY($1)'', staged, part) USING keep\073
  -- Statistics now, so the plans that read it as the partition do not wait for autovacuum.
  EXECUTE format(''ANALYZE %I'', staged)\073
  RETURN staged\073
END';

-- `keeps`: whether any read of the partition is kept (then `stage` has made its replacement). `late`
-- and `released`: the reads that began, and stopped, being kept since `stage` (the caller compares the
-- two sets), so that under the lock only those few are copied or struck, and the kept reads themselves
-- are never sent again. Answers the retired table's name.
CREATE FUNCTION odin_detection_partition_retire(part text, keeps boolean, late bigint[], released bigint[])
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'DECLARE
  staged text := part || ''_kept''\073
  retired text := part || ''_retired''\073
  bounds record\073
BEGIN
  SELECT * INTO bounds FROM odin_detection_partition_bounds(part)\073
  IF NOT keeps THEN
    EXECUTE format(''DROP TABLE IF EXISTS %I'', staged)\073
  ELSIF to_regclass(staged) IS NULL THEN
    RAISE EXCEPTION ''% has kept reads but no staged replacement (odin_detection_partition_stage first)'', part\073
  END IF\073
  EXECUTE format(''ALTER TABLE detections DETACH PARTITION %I'', part)\073
  EXECUTE format(''ALTER TABLE %I RENAME TO %I'', part, retired)\073
  IF keeps THEN
    EXECUTE format(''DELETE FROM %I WHERE id = ANY($1)'', staged) USING released\073
    EXECUTE format(''INSERT INTO %I SELECT r.* FROM %I r WHERE r.id = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM %I s WHERE s.id = r.id)'', staged, retired, staged) USING late\073
    EXECUTE format(''ALTER TABLE detections ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)'',
      staged, bounds.starts_at, bounds.ends_at)\073
    EXECUTE format(''ALTER TABLE %I RENAME TO %I'', staged, part)\073
  END IF\073
  RETURN retired\073
END';

CREATE FUNCTION odin_retired_detection_partitions()
RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition
    AND c.relname ~ '^detections_y[0-9]{4}m[0-9]{2}(d[0-9]{2})?_retired$'
  ORDER BY 1
$$;

-- A retired table without the reads kept in detections (staged into the partition's replacement):
-- what is left goes. Answers how many reads that is. The kept reads are found by joining on the
-- retired table's time span, so only the replacement partition is probed.
CREATE FUNCTION odin_retired_detection_partition_forget_kept(retired text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'DECLARE
  first_at timestamptz\073
  last_at timestamptz\073
  left_over bigint\073
BEGIN
  IF retired NOT IN (SELECT odin_retired_detection_partitions()) THEN
    RAISE EXCEPTION ''% is not a retired partition of detections'', retired\073
  END IF\073
  EXECUTE format(''SELECT min("timestamp"), max("timestamp") FROM %I'', retired) INTO first_at, last_at\073
  IF first_at IS NULL THEN
    RETURN 0\073
  END IF\073
  EXECUTE format(''DELETE FROM %I r USING detections d
    WHERE d.timestamp >= $1 AND d.timestamp <= $2 AND d.id = r.id AND d.timestamp = r.timestamp'', retired)
    USING first_at, last_at\073
  EXECUTE format(''SELECT count(*) FROM %I'', retired) INTO left_over\073
  RETURN left_over\073
END';

-- The picture keys of a retired table's reads (after odin_retired_detection_partition_forget_kept:
-- none of them is kept), `max_rows` reads with a picture after `after_id` (id order, its primary key).
CREATE FUNCTION odin_retired_detection_pictures(retired text, after_id bigint, max_rows int)
RETURNS TABLE (id bigint, image_path text, plate_image_path text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS E'BEGIN
  IF retired NOT IN (SELECT odin_retired_detection_partitions()) THEN
    RAISE EXCEPTION ''% is not a retired partition of detections'', retired\073
  END IF\073
  RETURN QUERY EXECUTE format(''SELECT r.id, r.image_path, r.plate_image_path FROM %I r
    WHERE r.id > $1 AND (r.image_path IS NOT NULL OR r.plate_image_path IS NOT NULL)
    ORDER BY r.id LIMIT $2'', retired) USING after_id, max_rows\073
END';

CREATE FUNCTION odin_retired_detection_partition_drop(retired text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'BEGIN
  IF retired NOT IN (SELECT odin_retired_detection_partitions()) THEN
    RAISE EXCEPTION ''% is not a retired partition of detections'', retired\073
  END IF\073
  EXECUTE format(''DROP TABLE %I'', retired)\073
END';

-- Only the table owner and the role grantAppRole names may run these.
REVOKE EXECUTE ON FUNCTION odin_detection_partitions() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_detection_partition_create(timestamptz, timestamptz) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_detection_partitions_ahead(text, int) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_detection_partition_bounds(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_detection_partition_stage(text, bigint[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_detection_partition_retire(text, boolean, bigint[], bigint[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_detection_partitions() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_detection_partition_forget_kept(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_detection_pictures(text, bigint, int) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_detection_partition_drop(text) FROM PUBLIC;

-- 7. The months that hold reads (from 2000 to a day ahead: absurd dates stay in the default partition),
--    this month and the next, then the copy.
SELECT odin_detection_partition_create(m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC')
FROM (SELECT DISTINCT date_trunc('month', "timestamp" AT TIME ZONE 'UTC') AS m FROM "detections_unpartitioned"
      WHERE "timestamp" >= '2000-01-01T00:00:00Z' AND "timestamp" < now() + interval '1 day') months
ORDER BY m;
SELECT odin_detection_partitions_ahead('month', 1);

INSERT INTO "detections" SELECT
  "id", "source_program", "plate", "plate_normalized", "plate_state", "make", "color", "body_type",
  "camera_name", "agency_id", "axis_integration_id", "timestamp", "latitude", "longitude", "image_path",
  "plate_image_path", "plate_x1", "plate_x2", "plate_x3", "plate_x4", "plate_y1", "plate_y2", "plate_y3",
  "plate_y4", "confidence", "direction", "raw", "vendor_event_id", "received_at", "absurd_date"
FROM "detections_unpartitioned";

DROP TABLE "detections_unpartitioned";

-- 8. Keys and indexes on the parent: PostgreSQL builds them on every partition, and on every
--    partition created later.
ALTER TABLE "detections" ADD CONSTRAINT "detections_pkey" PRIMARY KEY ("id", "timestamp");
CREATE UNIQUE INDEX "detections_axis_integration_id_vendor_event_id_timestamp_key" ON "detections"("axis_integration_id", "vendor_event_id", "timestamp");
CREATE INDEX "detections_timestamp_idx" ON "detections"("timestamp");
CREATE INDEX "detections_agency_id_timestamp_idx" ON "detections"("agency_id", "timestamp");
CREATE INDEX "detections_axis_integration_id_timestamp_idx" ON "detections"("axis_integration_id", "timestamp");
CREATE INDEX "detections_plate_normalized_timestamp_idx" ON "detections"("plate_normalized", "timestamp");
CREATE INDEX "detections_plate_normalized_trgm_idx" ON "detections" USING GIN ("plate_normalized" gin_trgm_ops);
ALTER TABLE "detections" ADD CONSTRAINT "detections_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "detections" ADD CONSTRAINT "detections_axis_integration_id_fkey" FOREIGN KEY ("axis_integration_id") REFERENCES "axis_integrations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

COMMIT;
