import { DEFAULT_OFFENSE_CATEGORIES, type TAuditLogResponse } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const HOUR = 3_600_000;

/**
 * Issue 23 item 1: the case number and offense category beside the spec's justification. Optional
 * by default; required when the agency's admin says so; carried in the audit row and filtered by.
 */
describe("case number and offense category", () => {
  let t: TestApp;
  const tokens = {} as Record<Persona, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    const subjects = await seedPersonas(t);
    for (const persona of ["admin", "investigator", "otherAgencyAdmin"] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
  });
  afterAll(() => t?.close());

  const call = (persona: Persona, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[persona]}` }, payload });
  // No source is named, so none is asked: the rules under test run before any source would be.
  const search = (fields: object) =>
    call("investigator", "POST", "/search-data", {
      justification: "Stolen vehicle report",
      start_time: new Date(Date.now() - HOUR).toISOString(),
      end_time: new Date().toISOString(),
      agencies: ["no-such-source"],
      ...fields,
    });
  const settings = (body: object) =>
    call("admin", "PUT", "/admin/case-fields", {
      require_case_number: false,
      require_offense_category: false,
      offense_categories: [],
      ...body,
    });

  it("offers the NIBRS defaults and requires nothing until the admin says so", async () => {
    const res = await call("investigator", "GET", "/case-fields");
    expect(res.json()).toEqual({
      require_case_number: false,
      require_offense_category: false,
      offense_categories: [...DEFAULT_OFFENSE_CATEGORIES],
    });
    expect((await search({})).statusCode).toBe(200);
  });

  it("records both in the search's audit row, the case number upper-cased", async () => {
    const res = await search({ case_number: " 2026-ab12 ", offense_category: "Motor vehicle theft" });
    expect(res.statusCode).toBe(200);
    const row = await t.prisma.auditLog.findFirstOrThrow({
      where: { action: "search" },
      orderBy: { id: "desc" },
    });
    expect(row.queryParameters).toMatchObject({
      justification: "Stolen vehicle report",
      case_number: "2026-AB12",
      offense_category: "Motor vehicle theft",
    });
  });

  it("refuses a search without what the agency requires, with the failing fields, and audits nothing", async () => {
    expect((await settings({ require_case_number: true, require_offense_category: true })).statusCode).toBe(
      200,
    );
    const before = await t.prisma.auditLog.count({ where: { action: "search" } });
    const res = await search({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((issue: { path: string }) => issue.path)).toEqual([
      "case_number",
      "offense_category",
    ]);
    expect(await t.prisma.auditLog.count({ where: { action: "search" } })).toBe(before);
    expect((await search({ case_number: "2026-77", offense_category: "Robbery" })).statusCode).toBe(200);
  });

  it("takes only categories on the agency's own list once the admin keeps one", async () => {
    const res = await settings({ offense_categories: ["Auto theft", " ", "Auto theft", "Missing person"] });
    expect(res.json().offense_categories).toEqual(["Auto theft", "Missing person"]);
    const refused = await search({ case_number: "2026-78", offense_category: "Robbery" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0].path).toBe("offense_category");
    expect((await search({ case_number: "2026-78", offense_category: "Auto theft" })).statusCode).toBe(200);
    // Another agency keeps its own settings.
    const other = await call("otherAgencyAdmin", "GET", "/case-fields");
    expect(other.json().require_case_number).toBe(false);
  });

  it("refuses an export without a required case number before anything is read or audited", async () => {
    await settings({ require_case_number: true });
    const before = await t.prisma.auditLog.count({ where: { action: { startsWith: "export" } } });
    const res = await call("investigator", "POST", "/export-pdf", {
      justification: "Court packet",
      records: [
        { id: "1", plate: "ABC123", timestamp: new Date().toISOString(), source_program: "Axis", ref: "x" },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].path).toBe("case_number");
    expect(await t.prisma.auditLog.count({ where: { action: { startsWith: "export" } } })).toBe(before);
  });

  it("filters the audit log by case number and by offense category", async () => {
    const page = async (query: string) =>
      (await call("admin", "GET", `/admin-audit-logs-api?${query}`)).json<TAuditLogResponse>();
    const byCase = await page("case_number=2026-ab12");
    expect(byCase.logs).toHaveLength(1);
    expect(JSON.parse(byCase.logs[0]!.query_parameters)).toMatchObject({
      case_number: "2026-AB12",
      action: "search",
    });
    const byCategory = await page(`offense_category=${encodeURIComponent("Auto theft")}`);
    expect(byCategory.logs.map((log) => JSON.parse(log.query_parameters).case_number)).toEqual(["2026-78"]);
    expect((await page("case_number=2026-none")).logs).toEqual([]);
  });
});
