-- Issue 23 item 2. The auditor flag (given by an agency admin) opens the supervisor review screen.
ALTER TABLE "users" ADD COLUMN "auditor" BOOLEAN NOT NULL DEFAULT false;

-- What an auditor marked reviewed on that screen, with a note: one row per flag (its stable key, e.g.
-- large_export:1234). The flags themselves are computed from audit_logs each time. The audit log
-- records every mark too (review_marked).
CREATE TABLE "audit_reviews" (
  "id" SERIAL PRIMARY KEY,
  "agency_id" INTEGER NOT NULL REFERENCES "agencies"("id") ON DELETE RESTRICT,
  "flag_key" TEXT NOT NULL,
  "rule" TEXT NOT NULL,
  "note" TEXT NOT NULL,
  "reviewer_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "reviewer" TEXT NOT NULL,
  "reviewed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "audit_reviews_agency_id_flag_key_key" ON "audit_reviews" ("agency_id", "flag_key");

-- The review rules read an agency's searches by user and time.
CREATE INDEX "audit_logs_agency_id_action_user_id_created_at_idx" ON "audit_logs" ("agency_id", "action", "user_id", "created_at");
