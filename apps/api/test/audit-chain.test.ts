import { ZAuditChainResponse } from "@odin/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAudit } from "../src/cli/verify-audit-command";
import { chainHash, GENESIS_HASH } from "../src/modules/audit/audit-chain.repository";
import { agencyId, caller } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const HARTFORD = "Hartford Police Department";
const NEW_HAVEN = "New Haven Police Department";

/**
 * Issue 17 item 3: each audit row carries a SHA-256 chained to the previous row of its agency (rows
 * of no agency form one more chain), computed by the database's insert trigger under a per-chain
 * advisory lock. Real parallel inserts still form chains; a row altered behind Odin's back is named.
 */
describe("the audit log's hash chain", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let hartford: number;
  let newHaven: number;

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t));
    hartford = await agencyId(t, HARTFORD);
    newHaven = await agencyId(t, NEW_HAVEN);
  });
  afterAll(() => t?.close());

  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await verifyAudit(t.prisma, args, (line) => lines.push(line));
    return { code, out: lines.join("\n") };
  };

  /** A superuser's edit with the append-only trigger switched off: what the app role cannot do. */
  const tamper = async (sql: string, ...values: unknown[]) => {
    await t.prisma.$transaction([
      t.prisma.$executeRawUnsafe(`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_or_delete`),
      t.prisma.$executeRawUnsafe(sql, ...values),
      t.prisma.$executeRawUnsafe(`ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_update_or_delete`),
    ]);
  };

  it("chains rows inserted in parallel by many connections, one chain per agency", async () => {
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new pg.Client({ connectionString: t.databaseUrl });
        await client.connect();
        return client;
      }),
    );
    try {
      // Each client: 12 transactions of one insert each, into Hartford's, New Haven's or no agency's chain.
      await Promise.all(
        clients.map(async (client, c) => {
          for (let i = 0; i < 12; i++) {
            const agency = [hartford, newHaven, null][(c + i) % 3];
            await client.query("BEGIN");
            await client.query(
              `INSERT INTO audit_logs (username, agency_id, action, detail) VALUES ($1, $2, 'parallel_test', $3)`,
              [`client${c}`, agency, JSON.stringify({ c, i })],
            );
            await client.query("COMMIT");
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const rows = await t.prisma.auditLog.findMany({ orderBy: [{ agencyId: "asc" }, { chainSeq: "asc" }] });
    expect(rows).toHaveLength(96);
    for (const agency of [hartford, newHaven, null]) {
      const chain = rows.filter((row) => row.agencyId === agency);
      expect(chain.map((row) => Number(row.chainSeq))).toEqual(chain.map((_, i) => i + 1));
      expect(chain.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
    }
    // The trigger filled in the agency's name (Odin's insert no longer looks it up).
    expect(rows.find((row) => row.agencyId === hartford)?.agencyName).toBe(HARTFORD);
    const { code, out } = await cli();
    expect(out).toContain(`ok      ${HARTFORD} (id ${hartford}): 32 row(s)`);
    expect(out).toContain("ok      no agency (owner and unknown users): 32 row(s)");
    expect(code).toBe(0);
  });

  it("hashes exactly the documented canonical text", async () => {
    const [first] = await t.prisma.$queryRawUnsafe<{ hash: string; canonical: string }[]>(
      `SELECT hash, jsonb_build_array(id, chain_seq, user_id, username, agency_id, agency_name, action,
         query_parameters, justification, programs_queried, plate, record_count, detail, ip, request_id,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text AS canonical
       FROM audit_logs WHERE agency_id = $1 AND chain_seq = 1`,
      hartford,
    );
    expect(first!.hash).toBe(chainHash(GENESIS_HASH, first!.canonical));
    expect(first!.canonical).toMatch(
      /^\[\d+, 1, null, "client\d", \d+, "Hartford Police Department", "parallel_test"/,
    );
  });

  it("names the first row a superuser altered, by its id, in the CLI and on the admin's screen call", async () => {
    const victim = await t.prisma.auditLog.findFirstOrThrow({ where: { agencyId: hartford, chainSeq: 7 } });
    await tamper(`UPDATE audit_logs SET username = 'someone.else' WHERE id = $1`, victim.id);

    const { code, out } = await cli("--agency", String(hartford));
    expect(code).toBe(1);
    expect(out).toContain(
      `BROKEN  ${HARTFORD} (id ${hartford}): first broken row id ${victim.id} (chain_seq 7`,
    );
    expect(out).not.toContain("New Haven");

    const res = await call("admin", "GET", "/admin-audit-chain");
    expect(res.statusCode).toBe(200);
    const body = ZAuditChainResponse.parse(res.json());
    expect(body.ok).toBe(false);
    expect(body.chains).toHaveLength(1);
    expect(body.chains[0]).toMatchObject({
      agency_id: hartford,
      agency_name: HARTFORD,
      ok: false,
      first_broken: { id: String(victim.id), chain_seq: "7" },
    });
    // New Haven's admin sees New Haven's chain only, and it is whole.
    const other = ZAuditChainResponse.parse(
      (await call("otherAgencyAdmin", "GET", "/admin-audit-chain")).json(),
    );
    expect(other.chains.map((chain) => [chain.agency_id, chain.ok])).toEqual([[newHaven, true]]);
  });

  it("finds an altered row that was re-hashed by the row after it, and a removed row by the gap", async () => {
    // Re-hashing the altered row itself (as a careful forger would) leaves row 8 not matching.
    const seven = await t.prisma.auditLog.findFirstOrThrow({ where: { agencyId: hartford, chainSeq: 7 } });
    const [canonical] = await t.prisma.$queryRawUnsafe<{ text: string }[]>(
      `SELECT jsonb_build_array(id, chain_seq, user_id, username, agency_id, agency_name, action,
         query_parameters, justification, programs_queried, plate, record_count, detail, ip, request_id,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text AS text
       FROM audit_logs WHERE id = $1`,
      seven.id,
    );
    const six = await t.prisma.auditLog.findFirstOrThrow({ where: { agencyId: hartford, chainSeq: 6 } });
    await tamper(
      `UPDATE audit_logs SET hash = $1 WHERE id = $2`,
      chainHash(six.hash, canonical!.text),
      seven.id,
    );
    const eight = await t.prisma.auditLog.findFirstOrThrow({ where: { agencyId: hartford, chainSeq: 8 } });
    expect((await cli("--agency", String(hartford))).out).toContain(
      `first broken row id ${eight.id} (chain_seq 8`,
    );

    const three = await t.prisma.auditLog.findFirstOrThrow({ where: { agencyId: null, chainSeq: 3 } });
    await tamper(`DELETE FROM audit_logs WHERE id = $1`, three.id);
    const four = await t.prisma.auditLog.findFirstOrThrow({ where: { agencyId: null, chainSeq: 4 } });
    const { code, out } = await cli();
    expect(code).toBe(1);
    expect(out).toContain(
      `BROKEN  no agency (owner and unknown users): first broken row id ${four.id} (chain_seq 4, `,
    );
    expect(out).toContain("chain_seq jumps from 2 to 4");
    expect(out).toContain(`ok      ${NEW_HAVEN}`);
  });
});
