-- AlterTable
ALTER TABLE "axis_integrations" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "paused_at" TIMESTAMPTZ(3);
