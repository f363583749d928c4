-- Issue 38 item 3: PDF exports carry PDF signatures (PAdES) by an ECDSA P-256 key per agency, kept
-- beside the Ed25519 seal keys: the purpose of each key, and the agency its certificate names.
ALTER TABLE "export_signing_keys" ADD COLUMN "agency_id" INTEGER,
ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'seal';

CREATE INDEX "export_signing_keys_purpose_agency_id_idx" ON "export_signing_keys"("purpose", "agency_id");
