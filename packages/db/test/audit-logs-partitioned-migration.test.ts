import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beforeMigration, monthPartition, monthStart, type BeforeMigration } from "./migration-helpers";

const MIGRATION = "20261201100000_audit_logs_partitioned";
const DAY = 86_400_000;

const monthName = (at: Date) => monthPartition("audit_logs", at);

/**
 * Every row of every chain checked in SQL by the chain's rule (migration 20261125120000_audit_hash_chain):
 * its place follows the previous row's and its hash is the previous hash chained with its canonical text.
 * Answers the ids of the rows that break their chain.
 */
const BROKEN_LINKS = `
  WITH ordered AS (
    SELECT a.*, lag(a.hash) OVER w AS previous_hash, lag(a.chain_seq) OVER w AS previous_seq
    FROM audit_logs a WINDOW w AS (PARTITION BY coalesce(a.agency_id, 0) ORDER BY a.chain_seq))
  SELECT id::text FROM ordered
  WHERE chain_seq <> coalesce(previous_seq, 0) + 1
     OR hash <> encode(sha256(convert_to(coalesce(previous_hash, repeat('0', 64)) || chr(10) ||
          jsonb_build_array(id, chain_seq, user_id, username, agency_id, agency_name, action, query_parameters,
            justification, programs_queried, plate, record_count, detail, ip, request_id,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')), 'hex')`;

describe(`migration ${MIGRATION}: audit_logs become monthly partitions`, () => {
  let db: BeforeMigration;
  let client: pg.Client;
  let agency: number;
  const now = new Date();
  // Rows of three months ago and of last month for the agency, of now for it and for no agency.
  const planted = [
    { action: "old", at: new Date(monthStart(now, -3).getTime() + 5 * DAY), agency: true },
    { action: "last-month", at: new Date(monthStart(now, -1).getTime() + 2 * DAY), agency: true },
    { action: "now", at: now, agency: true },
    { action: "owner-now", at: now, agency: false },
  ];
  let snapshot: Record<string, unknown>[];

  beforeAll(async () => {
    db = await beforeMigration(MIGRATION);
    client = db.client;
    agency = (
      await one(
        `INSERT INTO agencies (name, code, updated_at) VALUES ('Audit PD', 'APD', now()) RETURNING id`,
      )
    ).id as number;
    for (const row of planted) await insertRow(row.action, row.at, row.agency ? agency : null);
    snapshot = await rows();
    await db.migrate();
  });
  afterAll(async () => {
    await db?.close();
  });

  const one = (sql: string, values: unknown[] = []) => db.one(sql, values);
  async function insertRow(action: string, at: Date, agencyId: number | null): Promise<string> {
    const row = await one(
      `INSERT INTO audit_logs (username, action, agency_id, created_at, query_parameters)
       VALUES ('auditor', $1, $2, $3, '{"plate":"AB123"}') RETURNING id`,
      [action, agencyId, at],
    );
    return row.id as string;
  }
  const rows = async () =>
    (
      await client.query(
        `SELECT id::text, action, chain_seq::int, hash, created_at, agency_name FROM audit_logs ORDER BY id`,
      )
    ).rows as Record<string, unknown>[];
  const partitions = async () =>
    (await client.query<{ name: string }>("SELECT name FROM odin_partitions('audit_logs')")).rows.map(
      (row) => row.name,
    );
  const partitionOf = async (id: string) =>
    (await one("SELECT tableoid::regclass::text AS part FROM audit_logs WHERE id = $1", [id])).part;

  it("keeps every row unchanged, each in its month, with a month each from the oldest to three ahead", async () => {
    expect((await one("SELECT relkind FROM pg_class WHERE relname = 'audit_logs'")).relkind).toBe("p");
    expect(await partitions()).toEqual(
      [-3, -2, -1, 0, 1, 2, 3].map((offset) => monthName(monthStart(now, offset))),
    );
    // Same ids, places in the chain and hashes: the chain is the same chain.
    expect(await rows()).toEqual(snapshot);
    const ids = snapshot.map((row) => row.id as string);
    expect(await partitionOf(ids[0]!)).toBe(monthName(monthStart(now, -3)));
    expect(await partitionOf(ids[2]!)).toBe(monthName(now));
    expect((await client.query(BROKEN_LINKS)).rows).toEqual([]);
    // The parent's indexes on every partition (primary key and six).
    const indexes = await one("SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = $1", [
      monthName(now),
    ]);
    expect(indexes.n).toBe(7);
  });

  it("chains new rows on, continuing the id sequence", async () => {
    const id = await insertRow("after-migration", now, agency);
    expect(BigInt(id)).toBeGreaterThan(BigInt(snapshot.at(-1)!.id as string));
    const row = await one("SELECT chain_seq::int AS seq, agency_name FROM audit_logs WHERE id = $1", [id]);
    expect(row).toEqual({ seq: 4, agency_name: "Audit PD" });
    expect((await client.query(BROKEN_LINKS)).rows).toEqual([]);
  });

  it("stays append-only, on the parent and on each partition", async () => {
    for (const statement of [
      "UPDATE audit_logs SET username = 'someone.else'",
      "DELETE FROM audit_logs",
      "TRUNCATE audit_logs",
      `UPDATE ${monthName(now)} SET username = 'someone.else'`,
      `DELETE FROM ${monthName(monthStart(now, -3))}`,
    ]) {
      await expect(client.query(statement), statement).rejects.toThrow(/audit_logs is append-only/);
    }
    expect((await one("SELECT count(*)::int AS n FROM audit_logs WHERE username = 'someone.else'")).n).toBe(
      0,
    );
  });

  it("keeps rows outside every month in the default partition, and moves them unchanged into their month", async () => {
    // The job did not run for a year: the row waits in the default partition.
    const ahead = new Date(monthStart(now, 12).getTime() + 3 * DAY);
    const id = await insertRow("clock-ahead", ahead, agency);
    expect(await partitionOf(id)).toBe("audit_logs_default");
    const before = await one("SELECT chain_seq::int AS seq, hash FROM audit_logs WHERE id = $1", [id]);

    expect((await one("SELECT odin_partition_create('audit_logs', 'month', $1) AS name", [ahead])).name).toBe(
      monthName(ahead),
    );
    expect(await partitionOf(id)).toBe(monthName(ahead));
    expect(await one("SELECT chain_seq::int AS seq, hash FROM audit_logs WHERE id = $1", [id])).toEqual(
      before,
    );
    expect((await client.query(BROKEN_LINKS)).rows).toEqual([]);
    // Its triggers were off only for the move: the new partition refuses changes, and rows chain on.
    await expect(client.query(`DELETE FROM ${monthName(ahead)}`)).rejects.toThrow(/append-only/);
    await insertRow("after-move", now, agency);
    expect((await client.query(BROKEN_LINKS)).rows).toEqual([]);
    // Again: it exists, nothing is done.
    expect(
      (await one("SELECT odin_partition_create('audit_logs', 'month', $1) AS name", [ahead])).name,
    ).toBeNull();
  });

  it("makes the months ahead once", async () => {
    const created = (
      await client.query<{ name: string }>("SELECT odin_partitions_ahead('audit_logs', 'month', 5) AS name")
    ).rows.map((row) => row.name);
    expect(created).toEqual([4, 5].map((offset) => monthName(monthStart(now, offset))));
    expect((await client.query("SELECT odin_partitions_ahead('audit_logs', 'month', 5)")).rowCount).toBe(0);
    // Only the tables partitioned a month each.
    await expect(client.query("SELECT odin_partition_create('agencies', 'month', now())")).rejects.toThrow(
      /not partitioned a month each/,
    );
    expect((await client.query("SELECT * FROM odin_partitions('agencies')")).rowCount).toBe(0);
  });
});
