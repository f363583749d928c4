-- Tamper evidence for the audit log (issue 17 item 3). Every row carries chain_seq (its place in its
-- chain, from 1) and hash, a SHA-256 chained to the previous row of the same chain. A chain is an
-- agency's rows, and the rows of no agency (the owner's, sign-in failures of unknown users) are one
-- more chain (key 0). hash = hex(sha256(previous hash (64 zeros for the first row) || newline ||
-- canonical text)), the canonical text being the jsonb text of the array
--   [id, chain_seq, user_id, username, agency_id, agency_name, action, query_parameters,
--    justification, programs_queried, plate, record_count, detail, ip, request_id,
--    created_at in UTC as YYYY-MM-DDTHH:MM:SS.ffffffZ]
-- (docs/security.md). The BEFORE INSERT trigger computes it in the database under a per-chain
-- transaction advisory lock (pg_advisory_xact_lock(17017, agency id or 0)), so concurrent inserts
-- still form one chain: the next insert of a chain waits until the previous one commits.
-- It also fills agency_name from agencies, so writing an audit row is a single round trip.
-- The function bodies are E'' strings with \073 for their semicolons (the migrator splits on them).

ALTER TABLE "audit_logs" ADD COLUMN "chain_seq" BIGINT, ADD COLUMN "hash" TEXT;

-- Existing rows are chained in the order they were written (created_at, id). Updating them needs
-- the append-only trigger off for this one statement, as the owner applying the migration.
ALTER TABLE "audit_logs" DISABLE TRIGGER "audit_logs_no_update_or_delete";

DO E'DECLARE
  r audit_logs%ROWTYPE\073
  chain integer := -1\073
  seq bigint := 0\073
  last_hash text\073
BEGIN
  FOR r IN SELECT * FROM audit_logs ORDER BY coalesce(agency_id, 0), created_at, id LOOP
    IF coalesce(r.agency_id, 0) <> chain THEN
      chain := coalesce(r.agency_id, 0)\073
      seq := 0\073
      last_hash := repeat(''0'', 64)\073
    END IF\073
    seq := seq + 1\073
    r.chain_seq := seq\073
    last_hash := encode(sha256(convert_to(last_hash || chr(10) || jsonb_build_array(r.id, r.chain_seq, r.user_id, r.username, r.agency_id, r.agency_name, r.action, r.query_parameters, r.justification, r.programs_queried, r.plate, r.record_count, r.detail, r.ip, r.request_id, to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"''))::text, ''UTF8'')), ''hex'')\073
    UPDATE audit_logs SET chain_seq = seq, hash = last_hash WHERE id = r.id\073
  END LOOP\073
END';

ALTER TABLE "audit_logs" ENABLE TRIGGER "audit_logs_no_update_or_delete";

-- The defaults only satisfy NOT NULL for clients that omit them: the trigger always sets both.
ALTER TABLE "audit_logs" ALTER COLUMN "chain_seq" SET NOT NULL, ALTER COLUMN "chain_seq" SET DEFAULT 0,
  ALTER COLUMN "hash" SET NOT NULL, ALTER COLUMN "hash" SET DEFAULT '';

CREATE INDEX "audit_logs_agency_id_chain_seq_idx" ON "audit_logs"("agency_id", "chain_seq");

CREATE FUNCTION "audit_logs_chain"() RETURNS trigger
LANGUAGE plpgsql AS E'DECLARE
  r audit_logs%ROWTYPE\073
  chain integer := coalesce(NEW.agency_id, 0)\073
  previous record\073
BEGIN
  IF NEW.agency_id IS NOT NULL AND NEW.agency_name IS NULL THEN
    SELECT name INTO NEW.agency_name FROM agencies WHERE id = NEW.agency_id\073
  END IF\073
  PERFORM pg_advisory_xact_lock(17017, chain)\073
  IF NEW.agency_id IS NULL THEN
    SELECT chain_seq, hash INTO previous FROM audit_logs
      WHERE agency_id IS NULL ORDER BY chain_seq DESC LIMIT 1\073
  ELSE
    SELECT chain_seq, hash INTO previous FROM audit_logs
      WHERE agency_id = NEW.agency_id ORDER BY chain_seq DESC LIMIT 1\073
  END IF\073
  NEW.chain_seq := coalesce(previous.chain_seq, 0) + 1\073
  r := NEW\073
  NEW.hash := encode(sha256(convert_to(coalesce(previous.hash, repeat(''0'', 64)) || chr(10) || jsonb_build_array(r.id, r.chain_seq, r.user_id, r.username, r.agency_id, r.agency_name, r.action, r.query_parameters, r.justification, r.programs_queried, r.plate, r.record_count, r.detail, r.ip, r.request_id, to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"''))::text, ''UTF8'')), ''hex'')\073
  RETURN NEW\073
END';

CREATE TRIGGER "audit_logs_chain"
  BEFORE INSERT ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_chain"();
