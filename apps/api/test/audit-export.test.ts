import { parseCsvRows } from "../src/lib/csv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

/**
 * Issue 23 item 4: the audit log as CSV for a date range, formula-safe, each agency's own rows and
 * every agency's for the owner; the export is itself audited.
 */
describe("audit CSV export", () => {
  let t: TestApp;
  const tokens = {} as Record<Persona, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    const subjects = await seedPersonas(t);
    for (const persona of ["owner", "admin", "investigator", "otherAgencyAdmin"] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
    const plant = async (username: string, day: string, justification: string) => {
      const user = await t.prisma.user.findUniqueOrThrow({ where: { username } });
      await t.prisma.auditLog.create({
        data: {
          userId: user.id,
          username,
          agencyId: user.agencyId,
          action: "search",
          plate: "AK47281",
          justification,
          queryParameters: { justification, case_number: "2026-9", offense_category: "Robbery" },
          createdAt: new Date(`${day}T15:00:00Z`),
        },
      });
    };
    await plant("hartford.investigator", "2026-03-10", '=HYPERLINK("http://x")');
    await plant("hartford.investigator", "2026-03-20", "Stolen car");
    await plant("hartford.investigator", "2026-04-20", "Out of range");
    await plant("newhaven.admin", "2026-03-15", "New Haven case");
  });
  afterAll(() => t?.close());

  const exportCsv = (persona: Persona, query: string) =>
    t.app.inject({
      method: "GET",
      url: `/admin-audit-logs-export?${query}`,
      headers: { authorization: `Bearer ${tokens[persona]}` },
    });
  const rowsOf = (body: string) => parseCsvRows(body).map((row) => row.cells);

  it("exports the admin's agency's rows of the range, oldest first, formula-safe, and audits it", async () => {
    const res = await exportCsv("admin", "start=2026-03-01&end=2026-03-31");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="odin-audit-/);
    const [header, ...rows] = rowsOf(res.body);
    expect(header!.slice(0, 8)).toEqual([
      "timestamp",
      "user",
      "agency",
      "action",
      "plate",
      "justification",
      "case_number",
      "offense_category",
    ]);
    expect(rows.map((row) => row[5])).toEqual(['\'=HYPERLINK("http://x")', "Stolen car"]);
    expect(rows[0]!.slice(6, 8)).toEqual(["2026-9", "Robbery"]);
    const audited = await t.prisma.auditLog.findFirstOrThrow({ where: { action: "audit_exported" } });
    expect(audited).toMatchObject({ username: "hartford.admin", recordCount: 2 });
  });

  it("gives the owner every agency's rows, and refuses users who are not admins", async () => {
    const owner = rowsOf((await exportCsv("owner", "start=2026-03-01&end=2026-03-31")).body).slice(1);
    expect(owner.map((row) => row[5]).sort()).toEqual([
      '\'=HYPERLINK("http://x")',
      "New Haven case",
      "Stolen car",
    ]);
    const other = rowsOf((await exportCsv("otherAgencyAdmin", "start=2026-03-01&end=2026-03-31")).body).slice(
      1,
    );
    expect(other.map((row) => row[5])).toEqual(["New Haven case"]);
    expect((await exportCsv("investigator", "start=2026-03-01")).statusCode).toBe(403);
  });
});
