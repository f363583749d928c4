-- Issue 21 item 2: alerts become range partitions by the read's time (alerts.timestamp), a month each
-- (docs/scaling.md, "Time partitions"), like the reads they point at.
--
-- Keys: the primary key is (id, timestamp), and the once-per-read key (hotlist_plate_id,
-- source_program, source_read_id, timestamp): a replayed read has the same time, so it still makes
-- no second alert. id stays unique in practice (one sequence). A repeat within a group's cooldown
-- counts on its window's alert by inserting that alert's id and time (migration-free change of the
-- matcher, alertTimesOfCandidate), so ON CONFLICT (id, timestamp) finds it. Nothing references
-- alerts by foreign key (alert_deliveries and alert_cooldowns follow it by triggers).
--
-- Retention: a month past every alert retention in force, none of whose alerts a legal hold keeps,
-- is detached and dropped whole (section 4). Other alerts leave by retention's row deletes.
--
-- Triggers: the deliveries trigger (AFTER INSERT, with its transition table) and the forget trigger
-- (AFTER DELETE) are statement triggers of the partitioned table, made after the copy so that copying
-- enqueues nothing.
--
-- Partitions: the months that hold alerts, this month and the next three. Afterwards the
-- monthly-partitions job keeps three months ahead. A DEFAULT partition takes alerts of reads outside
-- them (a late upload of an old read), and creating a partition moves the default partition's alerts
-- of its range (a move between partitions fires no statement trigger of the parent).
--
-- The rows are copied in one transaction. The migrator runs each statement on its own, hence BEGIN
-- and COMMIT. Function bodies are E'' strings with \073 for their semicolons (the migrator splits on them).
BEGIN;

-- 1. The old table steps aside with its keys, indexes and triggers (the new table takes their names).
ALTER TABLE "alerts" RENAME TO "alerts_unpartitioned";
DROP TRIGGER "alerts_enqueue_deliveries" ON "alerts_unpartitioned";
DROP TRIGGER "alerts_forget_deliveries" ON "alerts_unpartitioned";
ALTER TABLE "alerts_unpartitioned" DROP CONSTRAINT "alerts_pkey";
ALTER TABLE "alerts_unpartitioned" DROP CONSTRAINT "alerts_group_id_fkey";
ALTER TABLE "alerts_unpartitioned" DROP CONSTRAINT "alerts_hotlist_plate_id_fkey";
DROP INDEX "alerts_group_id_created_at_idx";
DROP INDEX "alerts_hotlist_plate_id_source_program_source_read_id_key";
DROP INDEX "alerts_source_program_source_read_id_idx";
DROP INDEX "alerts_group_id_timestamp_id_idx";
DROP INDEX "alerts_group_id_acknowledged_at_idx";
DROP INDEX "alerts_axis_detection_id_idx";
DROP INDEX "alerts_timestamp_idx";
DROP INDEX "alerts_image_path_idx";

-- 2. The partitioned table: the same columns (types, defaults, NOT NULL), the same sequence.
CREATE TABLE "alerts" (LIKE "alerts_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("timestamp");

ALTER SEQUENCE "alerts_id_seq" OWNED BY "alerts"."id";

ALTER TABLE "alerts" ADD CONSTRAINT "alerts_pkey" PRIMARY KEY ("id", "timestamp");
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "hotlist_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_hotlist_plate_id_fkey" FOREIGN KEY ("hotlist_plate_id") REFERENCES "hotlist_plates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE UNIQUE INDEX "alerts_hotlist_plate_id_source_program_source_read_id_times_key" ON "alerts"("hotlist_plate_id", "source_program", "source_read_id", "timestamp");
CREATE INDEX "alerts_group_id_created_at_idx" ON "alerts"("group_id", "created_at" DESC);
CREATE INDEX "alerts_source_program_source_read_id_idx" ON "alerts"("source_program", "source_read_id");
CREATE INDEX "alerts_group_id_timestamp_id_idx" ON "alerts" ("group_id", "timestamp" DESC, "id" DESC);
CREATE INDEX "alerts_group_id_acknowledged_at_idx" ON "alerts" ("group_id", "acknowledged_at");
CREATE INDEX "alerts_axis_detection_id_idx" ON "alerts" ("axis_detection_id");
CREATE INDEX "alerts_timestamp_idx" ON "alerts" ("timestamp");
CREATE INDEX "alerts_image_path_idx" ON "alerts" ("image_path");

CREATE TABLE "alerts_default" PARTITION OF "alerts" DEFAULT;

-- 3. Partitions are made by migration 20261201100000's odin_monthly_partition_create('alerts', …),
--    which moves alerts waiting in the default partition into their new month.

-- 4. Retention by partition (apps/api/src/jobs/alert-retention.ts): a month every alert of which is
--    past its retention and none of which a legal hold keeps leaves alerts in one short transaction
--    (detach, renamed <part>_retired, no longer read by anything), with its alerts' deliveries and
--    cooldown windows (the AFTER DELETE trigger does not fire for a detach). Then its crops no remaining
--    alert shows are removed, then the table is dropped. A run stopped in between leaves the retired
--    table, which the next run finishes.
CREATE FUNCTION odin_alert_partition_retire(part text, OUT retired text, OUT alerts bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'BEGIN
  IF NOT EXISTS (SELECT 1 FROM odin_monthly_partitions(''alerts'') p WHERE p.name = part) THEN
    RAISE EXCEPTION ''% is not a partition of alerts with a range'', part\073
  END IF\073
  retired := part || ''_retired''\073
  EXECUTE format(''ALTER TABLE alerts DETACH PARTITION %I'', part)\073
  EXECUTE format(''ALTER TABLE %I RENAME TO %I'', part, retired)\073
  EXECUTE format(''DELETE FROM alert_deliveries d USING %I r WHERE d.alert_id = r.id'', retired)\073
  EXECUTE format(''DELETE FROM alert_cooldowns c USING %I r WHERE c.alert_id = r.id'', retired)\073
  EXECUTE format(''SELECT count(*) FROM %I'', retired) INTO alerts\073
END';

-- Retired tables: detached by retention, not yet dropped.
CREATE FUNCTION odin_retired_alert_partitions()
RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname ~ '^alerts_y[0-9]{4}m[0-9]{2}_retired$'
  ORDER BY 1
$$;

-- The crops of a retired table's alerts that no alert in alerts shows.
CREATE FUNCTION odin_retired_alert_pictures(part text)
RETURNS TABLE (image_path text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS E'BEGIN
  IF part NOT IN (SELECT odin_retired_alert_partitions()) THEN
    RAISE EXCEPTION ''% is not a retired partition of alerts'', part\073
  END IF\073
  RETURN QUERY EXECUTE format(''SELECT DISTINCT r.image_path FROM %I r WHERE r.image_path IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM alerts o WHERE o.image_path = r.image_path)'', part)\073
END';

CREATE FUNCTION odin_retired_alert_partition_drop(part text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'BEGIN
  IF part NOT IN (SELECT odin_retired_alert_partitions()) THEN
    RAISE EXCEPTION ''% is not a retired partition of alerts'', part\073
  END IF\073
  EXECUTE format(''DROP TABLE %I'', part)\073
END';

REVOKE EXECUTE ON FUNCTION odin_alert_partition_retire(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_alert_partitions() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_alert_pictures(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_retired_alert_partition_drop(text) FROM PUBLIC;

-- 5. The months that hold alerts (reads from 2000 on: older ones wait in the default partition),
--    and this month with three ahead, then the rows, unchanged.
SELECT odin_monthly_partition_create('alerts', m AT TIME ZONE 'UTC') FROM (
  SELECT DISTINCT date_trunc('month', timestamp AT TIME ZONE 'UTC') AS m
  FROM alerts_unpartitioned WHERE timestamp >= timestamptz '2000-01-01 00:00Z'
  UNION
  SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                         date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months', interval '1 month')
) months ORDER BY m;

INSERT INTO "alerts" SELECT * FROM "alerts_unpartitioned";

DO E'BEGIN
  IF (SELECT count(*) FROM alerts) <> (SELECT count(*) FROM alerts_unpartitioned) THEN
    RAISE EXCEPTION ''alerts: the copy does not hold every row''\073
  END IF\073
END';

DROP TABLE "alerts_unpartitioned";

-- 6. The triggers, on the partitioned table.
CREATE TRIGGER "alerts_enqueue_deliveries"
  AFTER INSERT ON "alerts"
  REFERENCING NEW TABLE AS "new_alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION "odin_enqueue_alert_deliveries"();

CREATE TRIGGER "alerts_forget_deliveries"
  AFTER DELETE ON "alerts"
  REFERENCING OLD TABLE AS "old_alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION "odin_forget_alert_deliveries"();

ANALYZE "alerts";

COMMIT;
