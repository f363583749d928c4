-- Issue 21 item 2: audit_logs become range partitions by created_at, a month each (docs/scaling.md,
-- "Time partitions"), so its indexes stay a month deep and a search of the audit screen reads the
-- months it names. Nothing drops an audit partition: Odin keeps audit rows indefinitely (CJIS asks
-- for at least a year, docs/accountability.md), and the hash chain runs from each chain's first row.
--
-- Keys: the primary key is (id, created_at) (a partitioned table's unique keys contain the partition
-- key). id stays unique in practice (one sequence). Nothing references audit_logs by foreign key.
--
-- Triggers: the chain trigger (BEFORE INSERT) and the append-only guard (BEFORE UPDATE OR DELETE) are
-- row triggers of the partitioned table, which PostgreSQL clones onto every partition, present and
-- future, and the TRUNCATE guard is a statement trigger of the parent. A partition is a table Odin's role
-- cannot truncate (grantAppRole never grants TRUNCATE, and revokes UPDATE and DELETE on each).
--
-- Partitions: the months that hold rows, this month and the next three. Afterwards the
-- monthly-partitions job keeps three months ahead. A DEFAULT partition takes any row outside them (a
-- job that did not run for months), so an audit write never fails for want of a partition. Creating a
-- partition moves the default partition's rows of its range, unchanged (hash and place in the chain).
--
-- The existing rows are copied, unchanged, in one transaction before the triggers exist, so the chain
-- is the same chain. The migrator runs each statement on its own, hence BEGIN and COMMIT. Function
-- bodies are E'' strings with \073 for their semicolons (the migrator splits on them).
BEGIN;

-- 1. The old table steps aside with its keys, indexes and triggers (the new table takes their names).
ALTER TABLE "audit_logs" RENAME TO "audit_logs_unpartitioned";
DROP TRIGGER "audit_logs_chain" ON "audit_logs_unpartitioned";
DROP TRIGGER "audit_logs_no_update_or_delete" ON "audit_logs_unpartitioned";
DROP TRIGGER "audit_logs_no_truncate" ON "audit_logs_unpartitioned";
ALTER TABLE "audit_logs_unpartitioned" DROP CONSTRAINT "audit_logs_pkey";
ALTER TABLE "audit_logs_unpartitioned" DROP CONSTRAINT "audit_logs_user_id_fkey";
ALTER TABLE "audit_logs_unpartitioned" DROP CONSTRAINT "audit_logs_agency_id_fkey";
DROP INDEX "audit_logs_agency_id_created_at_idx";
DROP INDEX "audit_logs_created_at_idx";
DROP INDEX "audit_logs_user_id_idx";
DROP INDEX "audit_logs_agency_id_chain_seq_idx";
DROP INDEX "audit_logs_case_number_idx";
DROP INDEX "audit_logs_agency_id_action_user_id_created_at_idx";

-- 2. The partitioned table: the same columns, the same sequence.
CREATE TABLE "audit_logs" (
    "id" BIGINT NOT NULL DEFAULT nextval('audit_logs_id_seq'::regclass),
    "user_id" INTEGER,
    "username" TEXT NOT NULL,
    "agency_id" INTEGER,
    "agency_name" TEXT,
    "action" TEXT NOT NULL,
    "query_parameters" JSONB,
    "justification" TEXT,
    "programs_queried" TEXT,
    "plate" TEXT,
    "record_count" INTEGER,
    "detail" JSONB,
    "ip" TEXT,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "chain_seq" BIGINT NOT NULL DEFAULT 0,
    "hash" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");

ALTER SEQUENCE "audit_logs_id_seq" OWNED BY "audit_logs"."id";

ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE INDEX "audit_logs_agency_id_created_at_idx" ON "audit_logs"("agency_id", "created_at");
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");
CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs"("user_id");
CREATE INDEX "audit_logs_agency_id_chain_seq_idx" ON "audit_logs"("agency_id", "chain_seq");
CREATE INDEX "audit_logs_case_number_idx" ON "audit_logs" ("agency_id", ("query_parameters" ->> 'case_number'));
CREATE INDEX "audit_logs_agency_id_action_user_id_created_at_idx" ON "audit_logs" ("agency_id", "action", "user_id", "created_at");

CREATE TABLE "audit_logs_default" PARTITION OF "audit_logs" DEFAULT;

-- 3. Functions for the tables partitioned a month each in UTC: audit_logs (by created_at) and, from
--    migration 20261201200000_alerts_partitioned, alerts (by the read's timestamp). Each refuses any
--    other table. Partitions are named <table>_yYYYYmMM, the default partition <table>_default.
CREATE FUNCTION odin_monthly_partition_column(parent text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE parent WHEN 'audit_logs' THEN 'created_at' WHEN 'alerts' THEN 'timestamp' END
$$;

-- The partitions of `parent` that have a range, with their bounds.
CREATE FUNCTION odin_monthly_partitions(parent text)
RETURNS TABLE (name text, starts_at timestamptz, ends_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT c.relname::text, b[1]::timestamptz, b[2]::timestamptz
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']+)''\) TO \(''([^'']+)''\)') b
  WHERE odin_monthly_partition_column(parent) IS NOT NULL
    AND i.inhparent = to_regclass('public.' || parent) AND b IS NOT NULL
  ORDER BY 2
$$;

-- 4. The partition of `parent` for the month (UTC) that holds `at`. Nothing is done when it exists
--    (answers NULL). Rows of the month waiting in the default partition move into it in the same
--    transaction, unchanged. For audit_logs the chain and append-only triggers are off for that move
--    only, inside this transaction, which holds audit_logs' lock meanwhile, so no other session
--    writes or sees audit_logs without them. (alerts has statement triggers only, which a move
--    between partitions does not fire.)
CREATE FUNCTION odin_monthly_partition_create(parent text, at timestamptz)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS E'DECLARE
  col text := odin_monthly_partition_column(parent)\073
  starts_at timestamptz := date_trunc(''month'', at AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC''\073
  ends_at timestamptz := (date_trunc(''month'', at AT TIME ZONE ''UTC'') + interval ''1 month'') AT TIME ZONE ''UTC''\073
  part text := parent || ''_'' || to_char(at AT TIME ZONE ''UTC'', ''"y"YYYY"m"MM'')\073
  waiting boolean\073
BEGIN
  IF col IS NULL THEN
    RAISE EXCEPTION ''% is not partitioned a month each'', parent\073
  END IF\073
  -- One creator at a time (two replicas running the job, or the job and a migration).
  PERFORM pg_advisory_xact_lock(21021, 2)\073
  IF to_regclass(part) IS NOT NULL THEN
    RETURN NULL\073
  END IF\073
  EXECUTE format(''SELECT EXISTS (SELECT 1 FROM %I d WHERE d.%I >= $1 AND d.%I < $2)'', parent || ''_default'', col, col)
    INTO waiting USING starts_at, ends_at\073
  IF waiting THEN
    IF parent = ''audit_logs'' THEN
      ALTER TABLE audit_logs DISABLE TRIGGER USER\073
    END IF\073
    EXECUTE format(''CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)'', part, parent)\073
    EXECUTE format(''WITH moved AS (DELETE FROM %I d WHERE d.%I >= $1 AND d.%I < $2 RETURNING d.*) INSERT INTO %I SELECT * FROM moved'',
      parent || ''_default'', col, col, part) USING starts_at, ends_at\073
    IF parent = ''audit_logs'' THEN
      ALTER TABLE audit_logs ENABLE TRIGGER USER\073
    END IF\073
    EXECUTE format(''ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)'', parent, part, starts_at, ends_at)\073
  ELSE
    EXECUTE format(''CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)'', part, parent, starts_at, ends_at)\073
  END IF\073
  RETURN part\073
END';

-- 5. This month's partition of `parent` and `ahead` more. Answers the names created.
CREATE FUNCTION odin_monthly_partitions_ahead(parent text, ahead int)
RETURNS SETOF text
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT created FROM (
    SELECT odin_monthly_partition_create(parent, (m AT TIME ZONE 'UTC')) AS created
    FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                         date_trunc('month', now() AT TIME ZONE 'UTC') + (ahead || ' month')::interval,
                         interval '1 month') m
  ) c WHERE created IS NOT NULL
$$;

REVOKE EXECUTE ON FUNCTION odin_monthly_partitions(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_monthly_partition_create(text, timestamptz) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION odin_monthly_partitions_ahead(text, int) FROM PUBLIC;

-- 6. The months that hold rows, and this month with three ahead, then the rows, unchanged.
SELECT odin_monthly_partition_create('audit_logs', m AT TIME ZONE 'UTC')
FROM generate_series(
  date_trunc('month', coalesce((SELECT min(created_at) FROM audit_logs_unpartitioned), now()) AT TIME ZONE 'UTC'),
  date_trunc('month', greatest(now(), coalesce((SELECT max(created_at) FROM audit_logs_unpartitioned), now())) AT TIME ZONE 'UTC')
    + interval '3 months',
  interval '1 month') m;

INSERT INTO "audit_logs" ("id", "user_id", "username", "agency_id", "agency_name", "action", "query_parameters",
  "justification", "programs_queried", "plate", "record_count", "detail", "ip", "request_id", "created_at",
  "chain_seq", "hash")
SELECT "id", "user_id", "username", "agency_id", "agency_name", "action", "query_parameters",
  "justification", "programs_queried", "plate", "record_count", "detail", "ip", "request_id", "created_at",
  "chain_seq", "hash"
FROM "audit_logs_unpartitioned";

DO E'BEGIN
  IF (SELECT count(*) FROM audit_logs) <> (SELECT count(*) FROM audit_logs_unpartitioned) THEN
    RAISE EXCEPTION ''audit_logs: the copy does not hold every row''\073
  END IF\073
END';

DROP TABLE "audit_logs_unpartitioned";

-- 7. The head of each chain, so that chaining a row reads one row instead of opening the
--    (agency_id, chain_seq) index of every month (a Merge Append across all partitions: 0.7 to 1.2 ms
--    a write at 65 months in bench/audit-partitions.ts). Not by created_at: the newest place in a
--    chain is not always in the newest month (created_at is its transaction's start). Kept by the
--    chain trigger, under the chain's advisory lock, in the transaction that writes the row, so the
--    head and the rows commit or roll back together. The trigger is SECURITY DEFINER so that Odin's
--    role needs no write on this table (grantAppRole revokes it): the head can only move with a row.
CREATE TABLE "audit_chain_heads" (
    "chain_key" INTEGER NOT NULL,
    "chain_seq" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_chain_heads_pkey" PRIMARY KEY ("chain_key")
);

INSERT INTO "audit_chain_heads" ("chain_key", "chain_seq", "hash")
SELECT DISTINCT ON (coalesce(agency_id, 0)) coalesce(agency_id, 0), chain_seq, hash
FROM audit_logs ORDER BY coalesce(agency_id, 0), chain_seq DESC;

CREATE OR REPLACE FUNCTION "audit_logs_chain"() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS E'DECLARE
  r audit_logs%ROWTYPE\073
  chain integer := coalesce(NEW.agency_id, 0)\073
  previous record\073
BEGIN
  IF NEW.agency_id IS NOT NULL AND NEW.agency_name IS NULL THEN
    SELECT name INTO NEW.agency_name FROM agencies WHERE id = NEW.agency_id\073
  END IF\073
  PERFORM pg_advisory_xact_lock(17017, chain)\073
  SELECT h.chain_seq, h.hash INTO previous FROM audit_chain_heads h WHERE h.chain_key = chain\073
  NEW.chain_seq := coalesce(previous.chain_seq, 0) + 1\073
  r := NEW\073
  NEW.hash := encode(sha256(convert_to(coalesce(previous.hash, repeat(''0'', 64)) || chr(10) || jsonb_build_array(r.id, r.chain_seq, r.user_id, r.username, r.agency_id, r.agency_name, r.action, r.query_parameters, r.justification, r.programs_queried, r.plate, r.record_count, r.detail, r.ip, r.request_id, to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"''))::text, ''UTF8'')), ''hex'')\073
  INSERT INTO audit_chain_heads (chain_key, chain_seq, hash) VALUES (chain, NEW.chain_seq, NEW.hash)
    ON CONFLICT (chain_key) DO UPDATE SET chain_seq = excluded.chain_seq, hash = excluded.hash\073
  RETURN NEW\073
END';

REVOKE EXECUTE ON FUNCTION "audit_logs_chain"() FROM PUBLIC;

-- 8. The triggers, on the partitioned table (row triggers are cloned onto each partition).
CREATE TRIGGER "audit_logs_chain"
  BEFORE INSERT ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_chain"();

CREATE TRIGGER "audit_logs_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_refuse_change"();

CREATE TRIGGER "audit_logs_no_truncate"
  BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_refuse_change"();

ANALYZE "audit_logs";

COMMIT;
