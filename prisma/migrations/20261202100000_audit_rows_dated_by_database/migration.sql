-- Issue 36, finding F16: audit rows the app cannot invent. The chain trigger (migrations
-- 20261125120000_audit_hash_chain, 20261201100000_audit_logs_partitioned) now also dates the row and
-- checks whom it names, before it hashes it, so Odin's DML-only role can neither back-date an audit row
-- nor name an officer differently from the users table.
--
-- Dating. created_at is clock_timestamp() read after the chain's advisory lock is taken, not now()
-- (the transaction's start): the previous row of the chain was dated while its transaction held that
-- lock, and that transaction committed before this one got it, so each row of a chain is dated no
-- earlier than the row before it, however the transactions overlap. now() would date a transaction
-- that began first but reached the lock second before the row ahead of it in the chain. So
-- verify-audit can refuse any row dated before its predecessor, with no tolerance (only a database
-- clock stepped backwards could do that innocently). A value Odin's role sends is ignored (Prisma sends
-- its own clock's now()), and one of another UTC month than the database's clock is refused, as the row
-- was routed to that month's partition (a trigger cannot move it) and such a date is a back-date anyway.
-- The table's owner (and a superuser) may plant history, as tests and imports do: a created_at of its
-- own older than its transaction, or in the future, is kept (it could switch the trigger off anyway).
--
-- Whom it names (Odin's role only, for the same reason): a row with a user_id must carry that user's
-- username and agency_id as users holds them, and a row with no user_id (a sign-in failure of an unknown
-- name) must not carry the username of a live user, in any case.
--
-- audit_chain_heads.dated_from_seq: the first place in each chain dated by this trigger. Rows before it
-- were dated by the application's clock and may run backwards between concurrent writes, so
-- verify-audit checks the order of time from there on. A chain started later is checked from its first row.
--
-- Function bodies are E'' strings with \073 for their semicolons (the migrator splits on them).
ALTER TABLE "audit_chain_heads" ADD COLUMN "dated_from_seq" BIGINT NOT NULL DEFAULT 1;

UPDATE "audit_chain_heads" SET "dated_from_seq" = "chain_seq" + 1;

CREATE OR REPLACE FUNCTION "audit_logs_chain"() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS E'DECLARE
  r audit_logs%ROWTYPE\073
  chain integer := coalesce(NEW.agency_id, 0)\073
  previous record\073
  officer record\073
  clock timestamptz\073
  owner boolean := pg_has_role(session_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = ''audit_logs''::regclass), ''USAGE'')\073
BEGIN
  IF NOT owner AND NEW.user_id IS NOT NULL THEN
    SELECT u.username, u.agency_id INTO officer FROM users u WHERE u.id = NEW.user_id\073
    IF NEW.username IS DISTINCT FROM officer.username OR NEW.agency_id IS DISTINCT FROM officer.agency_id THEN
      RAISE EXCEPTION ''audit_logs: user % is % of agency %, not % of agency %'', NEW.user_id,
        officer.username, officer.agency_id, NEW.username, NEW.agency_id USING ERRCODE = ''insufficient_privilege''\073
    END IF\073
  ELSIF NOT owner AND EXISTS (SELECT 1 FROM users u WHERE lower(u.username) = lower(NEW.username) AND u.deleted_at IS NULL) THEN
    RAISE EXCEPTION ''audit_logs: % is a user: a row naming them carries their user_id'', NEW.username
      USING ERRCODE = ''insufficient_privilege''\073
  END IF\073
  IF NEW.agency_id IS NOT NULL AND NEW.agency_name IS NULL THEN
    SELECT name INTO NEW.agency_name FROM agencies WHERE id = NEW.agency_id\073
  END IF\073
  PERFORM pg_advisory_xact_lock(17017, chain)\073
  clock := clock_timestamp()::timestamptz(3)\073
  IF NOT owner OR NEW.created_at BETWEEN transaction_timestamp()::timestamptz(3) AND clock THEN
    IF date_trunc(''month'', NEW.created_at AT TIME ZONE ''UTC'') <> date_trunc(''month'', clock AT TIME ZONE ''UTC'') THEN
      RAISE EXCEPTION ''audit_logs: created_at is set by the database: % is refused (its clock says %)'',
        NEW.created_at, clock USING ERRCODE = ''insufficient_privilege''\073
    END IF\073
    NEW.created_at := clock\073
  END IF\073
  SELECT h.chain_seq, h.hash INTO previous FROM audit_chain_heads h WHERE h.chain_key = chain\073
  NEW.chain_seq := coalesce(previous.chain_seq, 0) + 1\073
  r := NEW\073
  NEW.hash := encode(sha256(convert_to(coalesce(previous.hash, repeat(''0'', 64)) || chr(10) || jsonb_build_array(r.id, r.chain_seq, r.user_id, r.username, r.agency_id, r.agency_name, r.action, r.query_parameters, r.justification, r.programs_queried, r.plate, r.record_count, r.detail, r.ip, r.request_id, to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"''))::text, ''UTF8'')), ''hex'')\073
  INSERT INTO audit_chain_heads (chain_key, chain_seq, hash) VALUES (chain, NEW.chain_seq, NEW.hash)
    ON CONFLICT (chain_key) DO UPDATE SET chain_seq = excluded.chain_seq, hash = excluded.hash\073
  RETURN NEW\073
END';

REVOKE EXECUTE ON FUNCTION "audit_logs_chain"() FROM PUBLIC;
