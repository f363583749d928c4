-- AlterTable
ALTER TABLE "users" ADD COLUMN     "tokens_not_before" TIMESTAMPTZ(3);
