import type { TReviewResponse } from "@odin/contract";
import type { Prisma } from "@odin/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midnight UTC today: planted rows sit at whole UTC hours of past days (Hartford works in New York time). */
const today = Math.floor(Date.now() / DAY) * DAY;
const at = (daysAgo: number, utcHour: number, minute = 0) =>
  new Date(today - daysAgo * DAY + utcHour * HOUR + minute * 60_000);

/**
 * Issue 23 item 2: each review rule raised by planted audit rows, and nothing raised by normal use.
 * Rows are planted as the search and export services write them (action, plate, query_parameters).
 */
describe("supervisor review", () => {
  let t: TestApp;
  const tokens = {} as Record<Persona, string>;
  let agencyId: number;
  let investigator: { id: number; username: string };
  let viewer: { id: number; username: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const subjects = await seedPersonas(t);
    for (const persona of ["admin", "investigator", "otherAgencyAdmin"] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
    investigator = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.investigator" } });
    viewer = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.hotlistviewer" } });
    agencyId = (await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.admin" } })).agencyId!;
  });
  afterAll(() => t?.close());

  const call = (persona: Persona, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[persona]}` }, payload });
  const flags = async (persona: Persona = "admin") => {
    const res = await call(persona, "GET", "/review/flags?days=30");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TReviewResponse>().flags;
  };
  let serial = 0;
  const search = (
    user: { id: number; username: string },
    createdAt: Date,
    plate: string | null = `P${++serial}`,
    caseNumber: string | null = `2026-${serial}`,
  ): Prisma.AuditLogCreateManyInput => ({
    userId: user.id,
    username: user.username,
    agencyId,
    action: "search",
    plate,
    justification: "Patrol",
    queryParameters: { plate, justification: "Patrol", case_number: caseNumber, offense_category: null },
    createdAt,
  });
  const plant = (rows: Prisma.AuditLogCreateManyInput[]) => t.prisma.auditLog.createMany({ data: rows });

  it("raises nothing for normal use: a few searches a day with cases, in working hours, for weeks", async () => {
    const rows: Prisma.AuditLogCreateManyInput[] = [];
    for (let day = 1; day <= 45; day++) {
      for (const hour of [14, 15, 16, 17, 18]) rows.push(search(investigator, at(day, hour)));
      for (const hour of [15, 16]) rows.push(search(viewer, at(day, hour, 30)));
    }
    await plant(rows);
    await plant([
      {
        userId: investigator.id,
        username: investigator.username,
        agencyId,
        action: "export_pdf",
        recordCount: 12,
        createdAt: at(2, 15),
      },
    ]);
    expect(await flags()).toEqual([]);
  });

  it("raises each rule on planted data, with the rule and its figures", async () => {
    const volumeDay = Array.from({ length: 30 }, (_, i) => search(viewer, at(1, 16, i)));
    await plant([
      ...volumeDay,
      search(viewer, at(2, 8)), // 03:00 in Hartford: the viewer searches 10:00-11:59
      search(viewer, at(5, 15, 45), "RPT123", null),
      search(viewer, at(4, 15, 45), "RPT123", null),
      search(viewer, at(3, 15, 45), "RPT123", null),
      search(investigator, at(3, 15, 45), "TWICE1", null),
      search(investigator, at(2, 15, 45), "TWICE1", null),
      {
        userId: investigator.id,
        username: investigator.username,
        agencyId,
        action: "export_zip",
        recordCount: 150,
        createdAt: at(1, 17),
      },
    ]);
    const raised = await flags();
    expect(raised.map((flag) => [flag.rule, flag.user]).sort()).toEqual(
      [
        ["large_export", "hartford.investigator"],
        ["off_hours", "hartford.hotlistviewer"],
        ["repeated_plate", "hartford.hotlistviewer"],
        ["volume", "hartford.hotlistviewer"],
      ].sort(),
    );
    const byRule = Object.fromEntries(raised.map((flag) => [flag.rule, flag]));
    expect(byRule.volume!.reason).toMatch(/^32 searches on .*usually 2\.\d a day/);
    expect(byRule.repeated_plate!.plate).toBe("RPT123");
    expect(byRule.repeated_plate!.reason).toBe("RPT123 searched 3 times in 30 days without a case number.");
    expect(byRule.off_hours!.reason).toMatch(/^Searched at 03:00/);
    expect(byRule.large_export!.reason).toMatch(/^Exported 150 records \(ZIP\)/);
    expect(raised.every((flag) => flag.reviewed === null)).toBe(true);
  });

  it("raises searches without a case number once the agency requires one", async () => {
    await t.prisma.agency.update({ where: { id: agencyId }, data: { requireCaseNumber: true } });
    const missing = (await flags()).filter((flag) => flag.rule === "missing_case_number");
    expect(missing.map((flag) => flag.plate).sort()).toEqual([
      "RPT123",
      "RPT123",
      "RPT123",
      "TWICE1",
      "TWICE1",
    ]);
    await t.prisma.agency.update({ where: { id: agencyId }, data: { requireCaseNumber: false } });
  });

  it("an auditor marks a flag reviewed with a note, once; audited; others' agencies see nothing", async () => {
    expect((await call("investigator", "GET", "/review/flags")).statusCode).toBe(403);
    const give = await call("admin", "PUT", `/admin/users/${investigator.id}/auditor`, { auditor: true });
    expect(give.json()).toEqual({ auditor: true });
    // The viewer's day of many searches: a flag about someone else.
    const flag = (await flags("investigator")).find((raised) => raised.rule === "volume")!;
    const marked = await call("investigator", "POST", "/review/flags/reviewed", {
      key: flag.key,
      note: "Court packet for case 2026-40",
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      by: "hartford.investigator",
      note: "Court packet for case 2026-40",
    });
    const again = await call("investigator", "POST", "/review/flags/reviewed", { key: flag.key, note: "x" });
    expect(again.statusCode).toBe(409);
    const unknown = await call("investigator", "POST", "/review/flags/reviewed", {
      key: "volume:1:x",
      note: "x",
    });
    expect(unknown.statusCode).toBe(404);
    const after = (await flags()).find((raised) => raised.key === flag.key)!;
    expect(after.reviewed).toMatchObject({
      by: "hartford.investigator",
      note: "Court packet for case 2026-40",
    });
    const rows = await t.prisma.auditLog.findMany({
      where: { action: { in: ["review_marked", "auditor_changed"] } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => row.action)).toEqual(["auditor_changed", "review_marked"]);
    expect(rows[1]!.detail).toMatchObject({ flag: flag.key, rule: "volume" });
    expect(await flags("otherAgencyAdmin")).toEqual([]);
    const foreign = await call("otherAgencyAdmin", "POST", "/review/flags/reviewed", {
      key: flag.key,
      note: "x",
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("no one marks a flag about their own searches or exports reviewed (F19); another auditor may", async () => {
    const own = (await flags("investigator")).find((raised) => raised.rule === "large_export")!;
    expect(own.user).toBe("hartford.investigator");
    const refused = await call("investigator", "POST", "/review/flags/reviewed", {
      key: own.key,
      note: "Fine",
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toBe(
      "You cannot mark a flag about your own searches or exports as reviewed: another auditor or an admin must.",
    );
    expect((await flags()).find((raised) => raised.key === own.key)!.reviewed).toBeNull();
    expect(await t.prisma.auditReview.count({ where: { flagKey: own.key } })).toBe(0);

    // The admin's own searches are flagged too (three of one plate without a case): not theirs to clear.
    const admin = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.admin" } });
    await plant([1, 2, 3].map((daysAgo) => search(admin, at(daysAgo, 15, 50), "SELF01", null)));
    const adminsOwn = (await flags()).find((raised) => raised.plate === "SELF01")!;
    expect(adminsOwn.user).toBe("hartford.admin");
    const adminRefused = await call("admin", "POST", "/review/flags/reviewed", {
      key: adminsOwn.key,
      note: "x",
    });
    expect(adminRefused.statusCode, adminRefused.body).toBe(403);

    // Someone else reviews each: the admin the investigator's export, the auditor the admin's plate.
    expect(
      (await call("admin", "POST", "/review/flags/reviewed", { key: own.key, note: "Court" })).statusCode,
    ).toBe(200);
    const byAuditor = await call("investigator", "POST", "/review/flags/reviewed", {
      key: adminsOwn.key,
      note: "ok",
    });
    expect(byAuditor.statusCode, byAuditor.body).toBe(200);
  });
});
