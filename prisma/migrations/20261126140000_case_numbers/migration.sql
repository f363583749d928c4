-- Issue 23 item 1. An agency's structured justification: whether a case or incident number and an
-- offense category are required on searches and exports, and the offense categories its admin keeps
-- (null: Odin's defaults, the NIBRS offense groups). Both stay optional unless the agency says so.
ALTER TABLE "agencies"
  ADD COLUMN "require_case_number" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "require_offense_category" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "offense_categories" TEXT[];

-- The audit screen filters by case number (stored upper-cased), and legal holds find a case's rows. The case number lives in query_parameters (hashed with
-- the row) rather than in a column of its own, so the chain's canonical text is unchanged.
CREATE INDEX "audit_logs_case_number_idx" ON "audit_logs" ("agency_id", ("query_parameters" ->> 'case_number'));
