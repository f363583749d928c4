-- Issue 24 item 6, no floods. The same plate read again by the same camera within the group's
-- cooldown updates the group's alert (read_count, last_read_at) instead of raising a new one.
-- alert_cooldowns holds, per group, camera and plate, the alert the window belongs to, the ingest
-- statements upsert it (ON CONFLICT DO UPDATE waits for a racing statement's row and then sees it),
-- so racing reads of one plate make one alert. alert_reads is the once-only ledger of the reads of
-- sources Odin does not store (Rekor, Axon): a replayed read is neither a new alert nor a second count.
-- A group can be urgent (quiet hours do not hold its e-mail and push), a user's quiet hours are
-- minutes of the day in the agency's time zone.

ALTER TABLE "hotlist_groups" ADD COLUMN "alert_cooldown_minutes" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN "urgent" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "hotlist_groups" ADD CONSTRAINT "hotlist_groups_alert_cooldown_minutes_check" CHECK ("alert_cooldown_minutes" BETWEEN 0 AND 1440);

ALTER TABLE "alerts" ADD COLUMN "read_count" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN "last_read_at" TIMESTAMPTZ(3);

ALTER TABLE "users" ADD COLUMN "quiet_hours_start" INTEGER,
ADD COLUMN "quiet_hours_end" INTEGER;

CREATE TABLE "alert_cooldowns" (
    "group_id" INTEGER NOT NULL,
    "camera_key" TEXT NOT NULL,
    "plate_key" TEXT NOT NULL,
    "alert_id" INTEGER NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL,
    "cooldown_minutes" INTEGER NOT NULL,
    "verdict" TEXT NOT NULL,

    CONSTRAINT "alert_cooldowns_pkey" PRIMARY KEY ("group_id","camera_key","plate_key")
);

CREATE INDEX "alert_cooldowns_alert_id_idx" ON "alert_cooldowns"("alert_id");

ALTER TABLE "alert_cooldowns" ADD CONSTRAINT "alert_cooldowns_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "hotlist_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "alert_reads" (
    "group_id" INTEGER NOT NULL,
    "source_program" TEXT NOT NULL,
    "source_read_id" TEXT NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_reads_pkey" PRIMARY KEY ("group_id","source_program","source_read_id")
);

CREATE INDEX "alert_reads_read_at_idx" ON "alert_reads"("read_at");

ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "hotlist_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "alert_reads" ("group_id", "source_program", "source_read_id", "read_at")
SELECT "group_id", "source_program", "source_read_id", min("timestamp") FROM "alerts"
WHERE "source_program" <> 'Axis'
GROUP BY "group_id", "source_program", "source_read_id";

-- An alert's deliveries and its cooldown window go with it (retention, a deleted group's cascade).
CREATE OR REPLACE FUNCTION "odin_forget_alert_deliveries"() RETURNS trigger
LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM alert_deliveries d USING old_alerts a WHERE d.alert_id = a.id\073
  DELETE FROM alert_cooldowns c USING old_alerts a WHERE c.alert_id = a.id\073
  RETURN NULL\073
END';
