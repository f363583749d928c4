-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.audit_logs_chain()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$DECLARE
  r audit_logs%ROWTYPE;
  chain integer := coalesce(NEW.agency_id, 0);
  previous record;
  officer record;
  clock timestamptz;
  owner boolean := pg_has_role(session_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'audit_logs'::regclass), 'USAGE');
BEGIN
  IF NOT owner AND NEW.user_id IS NOT NULL THEN
    SELECT u.username, u.agency_id INTO officer FROM users u WHERE u.id = NEW.user_id;
    IF NEW.username IS DISTINCT FROM officer.username OR NEW.agency_id IS DISTINCT FROM officer.agency_id THEN
      RAISE EXCEPTION 'audit_logs: user % is % of agency %, not % of agency %', NEW.user_id,
        officer.username, officer.agency_id, NEW.username, NEW.agency_id USING ERRCODE = 'insufficient_privilege';
    END IF;
  ELSIF NOT owner AND EXISTS (SELECT 1 FROM users u WHERE lower(u.username) = lower(NEW.username) AND u.deleted_at IS NULL) THEN
    RAISE EXCEPTION 'audit_logs: % is a user: a row naming them carries their user_id', NEW.username
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.agency_id IS NOT NULL AND NEW.agency_name IS NULL THEN
    SELECT name INTO NEW.agency_name FROM agencies WHERE id = NEW.agency_id;
  END IF;
  PERFORM pg_advisory_xact_lock(17017, chain);
  clock := clock_timestamp()::timestamptz(3);
  IF NOT owner OR NEW.created_at BETWEEN transaction_timestamp()::timestamptz(3) AND clock THEN
    IF date_trunc('month', NEW.created_at AT TIME ZONE 'UTC') <> date_trunc('month', clock AT TIME ZONE 'UTC') THEN
      RAISE EXCEPTION 'audit_logs: created_at is set by the database: % is refused (its clock says %)',
        NEW.created_at, clock USING ERRCODE = 'insufficient_privilege';
    END IF;
    NEW.created_at := clock;
  END IF;
  SELECT h.chain_seq, h.hash INTO previous FROM audit_chain_heads h WHERE h.chain_key = chain;
  NEW.chain_seq := coalesce(previous.chain_seq, 0) + 1;
  r := NEW;
  NEW.hash := encode(sha256(convert_to(coalesce(previous.hash, repeat('0', 64)) || chr(10) || jsonb_build_array(r.id, r.chain_seq, r.user_id, r.username, r.agency_id, r.agency_name, r.action, r.query_parameters, r.justification, r.programs_queried, r.plate, r.record_count, r.detail, r.ip, r.request_id, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')), 'hex');
  INSERT INTO audit_chain_heads (chain_key, chain_seq, hash) VALUES (chain, NEW.chain_seq, NEW.hash)
    ON CONFLICT (chain_key) DO UPDATE SET chain_seq = excluded.chain_seq, hash = excluded.hash;
  RETURN NEW;
END$function$;

REVOKE EXECUTE ON FUNCTION audit_logs_chain() FROM PUBLIC;

CREATE TRIGGER audit_logs_chain BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_chain();
