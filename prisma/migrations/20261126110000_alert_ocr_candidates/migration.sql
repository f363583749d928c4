-- Issue 19: an alert keeps the OCR candidates of the read that raised it (OpenALPR sends them beside the best plate).
-- AlterTable
ALTER TABLE "alerts" ADD COLUMN     "ocr_candidates" JSONB;
