-- Issue 23 item 5. An agency's retention, per kind of record and source, set by its admin: reads (the
-- RAVEN reads Odin stores), alerts (by the source of the read) and the audit log. No row: the
-- configured default. The audit log is kept at least 365 days (CJIS), enforced here too. Odin keeps
-- audit rows indefinitely whatever the policy (the log is append-only and hash-chained).
CREATE TABLE "retention_policies" (
  "agency_id" INTEGER NOT NULL,
  "record" TEXT NOT NULL,
  "source" TEXT NOT NULL,
  "days" INTEGER NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "retention_policies_pkey" PRIMARY KEY ("agency_id", "record", "source"),
  CONSTRAINT "retention_policies_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id")
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "retention_policies_record_check" CHECK ("record" IN ('reads', 'alerts', 'audit')),
  CONSTRAINT "retention_policies_days_check" CHECK ("days" BETWEEN 1 AND 36500),
  CONSTRAINT "retention_policies_audit_check" CHECK ("record" <> 'audit' OR "days" >= 365)
);
