-- Issues 17 and 20. An alert's disposition (who judged the read, how and when) and its
-- acknowledgement (one per alert: the desk needs "acknowledged by X at T"). Names are kept beside the
-- ids so the history still reads after a user is removed (the audit log holds the full story).
ALTER TABLE "alerts"
  ADD COLUMN "disposition" TEXT,
  ADD COLUMN "disposition_note" TEXT,
  ADD COLUMN "disposition_by_id" INTEGER,
  ADD COLUMN "disposition_by" TEXT,
  ADD COLUMN "disposition_at" TIMESTAMPTZ(3),
  ADD COLUMN "acknowledged_by_id" INTEGER,
  ADD COLUMN "acknowledged_by" TEXT,
  ADD COLUMN "acknowledged_at" TIMESTAMPTZ(3),
  ADD CONSTRAINT "alerts_disposition_check"
    CHECK ("disposition" IS NULL OR "disposition" IN ('correct_read', 'wrong_state', 'incorrect_read', 'dismissed'));

-- The alert history, newest first by the read's time (ties by id): its pages and filters.
CREATE INDEX "alerts_group_id_timestamp_id_idx" ON "alerts" ("group_id", "timestamp" DESC, "id" DESC);

-- The unread count: a group's alerts nobody has acknowledged yet (acknowledged_at IS NULL).
CREATE INDEX "alerts_group_id_acknowledged_at_idx" ON "alerts" ("group_id", "acknowledged_at");

-- Retention: the Axis reads alerts point at are kept (a probe per purged read), and alerts expire by the read's time.
CREATE INDEX "alerts_axis_detection_id_idx" ON "alerts" ("axis_detection_id");
CREATE INDEX "alerts_timestamp_idx" ON "alerts" ("timestamp");

-- Alert retention removes a crop only when no remaining alert shows it (a read alerting several groups shares one).
CREATE INDEX "alerts_image_path_idx" ON "alerts" ("image_path");
