-- Issue 19: hotlist entries match exactly (the default) or leniently (the same confusable skeleton).
-- AlterTable
ALTER TABLE "alerts" ADD COLUMN     "match_rule" TEXT;

-- AlterTable
ALTER TABLE "hotlist_plates" ADD COLUMN     "match_strategy" TEXT NOT NULL DEFAULT 'exact',
ADD COLUMN     "plate_skeleton" TEXT NOT NULL DEFAULT '';

-- Backfill: every listed plate gets its skeleton (written by the API from now on).
UPDATE hotlist_plates SET plate_skeleton = odin_plate_skeleton(plate_normalized);

-- CreateIndex
CREATE INDEX "hotlist_plates_plate_skeleton_idx" ON "hotlist_plates"("plate_skeleton");
