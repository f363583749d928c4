-- Issue 40 item 6: "camera silent for N hours" notices to the agency's admins (e-mail) and webhooks, once
-- per silence. A silence is a camera and the last read it follows: the job claims one by inserting its
-- row, and the unique key lets exactly one of concurrent runs (two processes, two ticks) win it. A camera
-- that stays silent keeps its last read, so it is not told again; once it reads again and falls silent
-- again, its new last read is a new silence.
CREATE TABLE "camera_silence_notices" (
    "id" BIGSERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "camera_key" TEXT NOT NULL,
    "camera_name" TEXT NOT NULL,
    "last_read_at" TIMESTAMPTZ(3) NOT NULL,
    "emails_sent" INTEGER NOT NULL DEFAULT 0,
    "webhooks_sent" INTEGER NOT NULL DEFAULT 0,
    "failures" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "camera_silence_notices_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "camera_silence_notices_camera_key_last_read_at_key" ON "camera_silence_notices"("camera_key", "last_read_at");
CREATE INDEX "camera_silence_notices_agency_id_idx" ON "camera_silence_notices"("agency_id");

ALTER TABLE "camera_silence_notices" ADD CONSTRAINT "camera_silence_notices_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
