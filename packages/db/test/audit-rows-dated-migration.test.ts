import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beforeMigration, type BeforeMigration } from "./migration-helpers";

const MIGRATION = "20261202100000_audit_rows_dated_by_database";

/**
 * Issue 36, F16: from this migration on the chain trigger dates audit rows by the database's clock.
 * Rows written before it carry the application's clock, which concurrent writes could leave out of
 * order, so each chain remembers where the database's dating began (audit_chain_heads.dated_from_seq)
 * and verify-audit checks the order of time from there only.
 */
describe(`migration ${MIGRATION}`, () => {
  let db: BeforeMigration;
  let client: pg.Client;
  let agency: number;

  beforeAll(async () => {
    db = await beforeMigration(MIGRATION);
    client = db.client;
    agency = (
      await db.one(
        `INSERT INTO agencies (name, code, updated_at) VALUES ('Dated PD', 'DPD', now()) RETURNING id`,
      )
    ).id as number;
    // Two rows of the old kind, the second dated before the first (two writers' clocks crossing).
    for (const at of ["2026-11-20T10:00:00.500Z", "2026-11-20T10:00:00.200Z"])
      await client.query(
        `INSERT INTO audit_logs (username, action, agency_id, created_at) VALUES ('auditor', 'old', $1, $2)`,
        [agency, at],
      );
    await db.migrate();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("marks where each existing chain's dating by the database begins, and a new chain from its first row", async () => {
    expect(
      await db.one(
        "SELECT chain_seq::int AS seq, dated_from_seq::int AS dated_from FROM audit_chain_heads WHERE chain_key = $1",
        [agency],
      ),
    ).toEqual({ seq: 2, dated_from: 3 });
    const other = (
      await db.one(
        `INSERT INTO agencies (name, code, updated_at) VALUES ('New PD', 'NPD', now()) RETURNING id`,
      )
    ).id as number;
    await client.query(`INSERT INTO audit_logs (username, action, agency_id) VALUES ('auditor', 'new', $1)`, [
      other,
    ]);
    expect(
      await db.one("SELECT dated_from_seq::int AS dated_from FROM audit_chain_heads WHERE chain_key = $1", [
        other,
      ]),
    ).toEqual({
      dated_from: 1,
    });
  });

  it("dates the next row of an old chain by the database's clock, after the rows before it", async () => {
    await client.query("BEGIN");
    const { clock } = await db.one("SELECT date_trunc('milliseconds', clock_timestamp()) AS clock");
    const row = await db.one(
      `INSERT INTO audit_logs (username, action, agency_id) VALUES ('auditor', 'new', $1) RETURNING chain_seq::int AS seq, created_at`,
      [agency],
    );
    await client.query("COMMIT");
    expect(row.seq).toBe(3);
    expect((row.created_at as Date).getTime()).toBeGreaterThanOrEqual((clock as Date).getTime());
  });
});
