import { randomBytes } from "node:crypto";
import { grantAppRole } from "@odin/db/app-role";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyAudit } from "../src/cli/verify-audit-command";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const HARTFORD = "Hartford Police Department";

/**
 * Issue 36, finding F16: Odin's own database role could insert audit rows dated in the past, naming
 * any officer, and the chain still verified. Here the app and the clients run as that DML-only role
 * (as app-role.test.ts sets it up); only the planting in the last test is the table owner's.
 */
describe("audit rows the app cannot invent (F16)", () => {
  const role = `odin_app_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  let t: TestApp;
  let subjects: Awaited<ReturnType<typeof seedPersonas>>;
  const clients: pg.Client[] = [];
  let investigator: { id: number; username: string; agencyId: number | null };
  let hartford: number;

  const asRole = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.username = role;
    url.password = password;
    return url.toString();
  };
  /** A connection as Odin's role (or, with `owner`, as the suite's superuser, who owns the tables). */
  async function connect(owner = false): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: owner ? t.databaseUrl : asRole(t.databaseUrl) });
    await client.connect();
    clients.push(client);
    return client;
  }
  const cli = async () => {
    const lines: string[] = [];
    const code = await verifyAudit(t.prisma, [], (line) => lines.push(line));
    return { code, out: lines.join("\n") };
  };
  const auditCount = async (db: pg.Client) =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_logs")).rows[0]!.n;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await admin.connect();
    await admin.query(
      `CREATE ROLE "${role}" LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
    );
    await admin.end();
    t = await buildTestApp(
      {},
      {
        connectAs: async (databaseUrl) => {
          await grantAppRole(databaseUrl, role);
          return asRole(databaseUrl);
        },
      },
    );
    subjects = await seedPersonas(t);
    investigator = await t.prisma.user.findUniqueOrThrow({
      where: { username: "hartford.investigator" },
      select: { id: true, username: true, agencyId: true },
    });
    hartford = (await t.prisma.agency.findUniqueOrThrow({ where: { name: HARTFORD } })).id;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await t?.close();
    const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS "${role}"`);
    await admin.end();
  });

  const insertAs = (
    db: pg.Client,
    row: { userId: number | null; username: string; agencyId: number | null },
    extra = "",
  ) =>
    db.query<{ id: string; created_at: Date; chain_seq: string }>(
      `INSERT INTO audit_logs (user_id, username, agency_id, action${extra ? ", created_at" : ""})
       VALUES ($1, $2, $3, 'f16_test'${extra ? `, ${extra}` : ""}) RETURNING id::text, created_at, chain_seq::text`,
      [row.userId, row.username, row.agencyId],
    );

  it("the real app still writes its audit rows as this role, dated by the database", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
      payload: {
        justification: "Case 2026-36: dated by the database",
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date().toISOString(),
        agencies: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.prisma.auditLog.findFirstOrThrow({ where: { action: "search" } });
    expect(row).toMatchObject({ userId: investigator.id, username: investigator.username });
  });

  it("refuses a back-dated row from Odin's role, and dates a row of this month by the database's clock", async () => {
    const app = await connect();
    const before = await auditCount(app);
    await expect(
      insertAs(app, { ...investigator, userId: investigator.id }, "'2026-01-15T09:00:00Z'"),
    ).rejects.toThrow(/created_at is set by the database: .* is refused/);
    expect(await auditCount(app)).toBe(before);

    // Back-dated to the first instant of this month: kept in this month's partition, but dated now.
    await app.query("BEGIN");
    const { rows } = await app.query<{ clock: Date }>(
      "SELECT date_trunc('milliseconds', clock_timestamp()) AS clock",
    );
    const inserted = await insertAs(
      app,
      { ...investigator, userId: investigator.id },
      "date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'",
    );
    await app.query("COMMIT");
    expect(inserted.rows[0]!.created_at.getTime()).toBeGreaterThanOrEqual(rows[0]!.clock.getTime());
    expect((await cli()).code).toBe(0);
  });

  it("refuses a row naming an officer otherwise than the users table does", async () => {
    const app = await connect();
    const before = await auditCount(app);
    // Another officer's name on the investigator's id, the investigator in another agency, and an
    // officer's name (in any case) on a row of no user id.
    await expect(
      insertAs(app, { userId: investigator.id, username: "hartford.admin", agencyId: hartford }),
    ).rejects.toThrow(
      new RegExp(
        `user ${investigator.id} is hartford.investigator of agency ${hartford}, not hartford.admin`,
      ),
    );
    const other = await t.prisma.agency.findFirstOrThrow({ where: { id: { not: hartford } } });
    await expect(
      insertAs(app, { userId: investigator.id, username: investigator.username, agencyId: other.id }),
    ).rejects.toThrow(/not hartford.investigator of agency/);
    await expect(
      insertAs(app, { userId: null, username: "Hartford.Investigator", agencyId: hartford }),
    ).rejects.toThrow(/Hartford.Investigator is a user: a row naming them carries their user_id/);
    expect(await auditCount(app)).toBe(before);
    // A name nobody has (a sign-in failure of an unknown user) is still written.
    await insertAs(app, { userId: null, username: "no.such.officer", agencyId: null });
    expect(await auditCount(app)).toBe(before + 1);
  });

  it("dates a transaction that began first but reached the chain's lock second after the row ahead of it", async () => {
    const first = await connect();
    const second = await connect();
    await first.query("BEGIN");
    const began = (await first.query<{ at: Date }>("SELECT transaction_timestamp() AS at")).rows[0]!.at;
    // A barrier on the database's clock: the second transaction begins 2 ms after the first did.
    for (;;) {
      const { rows } = await second.query<{ past: boolean }>(
        "SELECT clock_timestamp() > $1::timestamptz + interval '2 milliseconds' AS past",
        [began],
      );
      if (rows[0]!.past) break;
    }
    await second.query("BEGIN");
    const ahead = await insertAs(second, { ...investigator, userId: investigator.id });
    // The first transaction's insert waits for the chain's lock, which the second holds until it commits.
    const behind = insertAs(first, { ...investigator, userId: investigator.id });
    await second.query("COMMIT");
    const row = (await behind).rows[0]!;
    await first.query("COMMIT");
    expect(BigInt(row.chain_seq)).toBe(BigInt(ahead.rows[0]!.chain_seq) + 1n);
    expect(row.created_at.getTime()).toBeGreaterThanOrEqual(ahead.rows[0]!.created_at.getTime());
    expect((await cli()).code).toBe(0);
  });

  it("verify-audit checks the order of time only from where the database began dating the chain", async () => {
    // Rows of before the migration carried the application's clock: two writers' clocks may cross.
    const owner = await connect(true);
    const newHaven = (
      await t.prisma.agency.findUniqueOrThrow({ where: { name: "New Haven Police Department" } })
    ).id;
    const old = { userId: null, username: "auditor", agencyId: newHaven };
    await insertAs(owner, old, "now() - interval '2 hours'");
    await insertAs(owner, old, "now() - interval '3 hours'");
    expect((await cli()).out).toMatch(/BROKEN {2}New Haven Police Department .*: back-dated/);
    // What the migration records for the chains it found: their rows so far are not checked for order.
    await owner.query("UPDATE audit_chain_heads SET dated_from_seq = chain_seq + 1 WHERE chain_key = $1", [
      newHaven,
    ]);
    expect(await cli()).toEqual({
      code: 0,
      out: expect.stringContaining("ok      New Haven Police Department"),
    });
  });

  it("verify-audit names the first row dated before the row ahead of it in its chain", async () => {
    // The owner (who could switch the trigger off anyway) plants a back-dated row: chained, hash whole.
    const owner = await connect(true);
    const planted = (
      await insertAs(owner, { ...investigator, userId: investigator.id }, "now() - interval '1 day'")
    ).rows[0]!;
    const { code, out } = await cli();
    expect(code).toBe(1);
    expect(out).toContain(
      `BROKEN  ${HARTFORD} (id ${hartford}): first broken row id ${planted.id} (chain_seq ${planted.chain_seq}, `,
    );
    expect(out).toMatch(/dated before the row ahead of it in the chain/);
    expect(out).toContain("ok      no agency");
  });
});
