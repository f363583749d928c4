-- Issue 19: a read dated before 2000 or more than a day after receipt is kept, flagged, and raises no alert.
-- AlterTable
ALTER TABLE "detections" ADD COLUMN     "absurd_date" BOOLEAN NOT NULL DEFAULT false;
