import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../src/access/actor";
import { verifyAudit } from "../src/cli/verify-audit-command";
import { writeAuditBatched } from "../src/modules/audit/audit-batcher";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const REFUSED = "Case 2026-777: refused by the test";

/**
 * Issue 42 item 0: the searches of one agency write their audit rows together while one insert of
 * their chain is in flight (audit-batcher.ts). Each caller still gets its own row's id once that row
 * is committed, the chain stays whole and in order, and a row the database refuses fails only its
 * own caller.
 */
describe("audit rows of one chain written together", () => {
  let t: TestApp;
  let actors: Actor[];

  beforeAll(async () => {
    t = await buildTestApp();
    await seedPersonas(t);
    const users = await t.prisma.user.findMany({
      where: { agency: { name: "Hartford Police Department" } },
      orderBy: { id: "asc" },
    });
    actors = users.map(
      (user, i) =>
        ({
          user,
          isOwner: false,
          sessionId: null,
          ip: "127.0.0.1",
          requestId: `batch-${i}`,
        }) as unknown as Actor,
    );
    await t.prisma.$executeRawUnsafe(
      `CREATE FUNCTION test_refuse_batched() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.justification = '${REFUSED}' THEN RAISE EXCEPTION 'audit insert refused by the test'; END IF;
         RETURN NEW;
       END $$`,
    );
    await t.prisma.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_batched BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION test_refuse_batched()`,
    );
  });
  afterAll(() => t?.close());

  const write = (i: number, justification = `Case 2026-${i}`) =>
    writeAuditBatched(t.prisma, actors[i % actors.length]!, {
      action: "search",
      justification,
      queryParameters: { plate: `ABC${i}`, justification },
      programsQueried: "Axis",
      plate: `ABC${i}`,
    });

  it("answers each caller its own committed row, chained in order, several rows a transaction", async () => {
    const count = 40;
    const ids = await Promise.all(Array.from({ length: count }, (_, i) => write(i)));
    expect(new Set(ids).size).toBe(count);

    // Each id is the caller's own row, as written, with the caller's user and request id.
    const rows = await t.prisma.auditLog.findMany({
      where: { action: "search" },
      orderBy: { chainSeq: "asc" },
    });
    expect(rows).toHaveLength(count);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    ids.forEach((id, i) => {
      const row = byId.get(id)!;
      const actor = actors[i % actors.length]!;
      expect(row.justification).toBe(`Case 2026-${i}`);
      expect(row.plate).toBe(`ABC${i}`);
      expect(row.queryParameters).toEqual({ plate: `ABC${i}`, justification: `Case 2026-${i}` });
      expect(row.userId).toBe(actor.user.id);
      expect(row.username).toBe(actor.user.username);
      expect(row.requestId).toBe(actor.requestId);
      expect(row.agencyName).toBe("Hartford Police Department");
    });
    // Written in the order asked: the first alone, the others together once it was done.
    expect(rows.map((row) => Number(row.id))).toEqual(ids);
    const transactions = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(DISTINCT xmin::text)::int AS n FROM audit_logs WHERE action = 'search'`,
    );
    expect(transactions[0]!.n).toBeLessThan(count);
    const lines: string[] = [];
    expect(await verifyAudit(t.prisma, [], (line) => lines.push(line))).toBe(0);
    expect(lines.join("\n")).toContain("ok      Hartford Police Department");
  });

  it("fails only the caller whose row the database refuses, the others' rows written", async () => {
    const before = await t.prisma.auditLog.count({ where: { action: "search" } });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => write(100 + i, i === 7 ? REFUSED : undefined)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      outcomes.map((_, i) => (i === 7 ? "rejected" : "fulfilled")),
    );
    expect(await t.prisma.auditLog.count({ where: { action: "search" } })).toBe(before + 11);
    expect(await t.prisma.auditLog.count({ where: { justification: REFUSED } })).toBe(0);
    expect(await verifyAudit(t.prisma, [], () => undefined)).toBe(0);
  });
});
