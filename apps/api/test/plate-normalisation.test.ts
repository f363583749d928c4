import type { TReviewResponse } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizePlate } from "../src/sources/plate-pattern";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const HOUR = 3_600_000;

/**
 * F18 (issue 36): one plate normalisation (separators and spaces removed, case folded) for search,
 * audit, review and hotlists, so a plate cannot dodge the review's and the audit's filters by its
 * spelling; and a plate that would match every read is refused before anything is audited or asked.
 */
describe("one plate normalisation", () => {
  let t: TestApp;
  const tokens = {} as Record<Persona, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    const subjects = await seedPersonas(t);
    for (const persona of ["admin", "investigator", "hotlistAdmin"] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
  });
  afterAll(() => t?.close());

  const call = (persona: Persona, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[persona]}` }, payload });
  const search = (plate: string) =>
    call("investigator", "POST", "/search-data", {
      plate,
      justification: "Patrol check",
      start_time: new Date(Date.now() - 24 * HOUR).toISOString(),
      end_time: new Date().toISOString(),
      // The agency's RAVEN cameras only: Odin's own store, no vendor to wait for.
      agencies: ["hfd-lpv-01"],
    });
  const searchRows = () =>
    t.prisma.auditLog.findMany({ where: { action: "search" }, orderBy: { id: "asc" } });

  it("normalises like the stored plates: separators and spaces out, upper case", () => {
    for (const spelling of ["912-RZ8", "91 2RZ8", "912rz8", " 9.1·2–rz 8 ", "912\u00a0RZ8"]) {
      expect(normalizePlate(spelling), spelling).toBe("912RZ8");
    }
  });

  it("audits every spelling of one plate as one plate, keeping the typed form; review counts them as one", async () => {
    const spellings = ["912RZ8", "912-RZ8", "91 2RZ8", "912-rz8", "912.RZ8", "9 1 2 R Z 8", "912–rz8"];
    for (const spelling of spellings) {
      const res = await search(spelling);
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await searchRows();
    expect(rows.map((row) => row.plate)).toEqual(spellings.map(() => "912RZ8"));
    expect(rows.map((row) => (row.queryParameters as { plate: string }).plate)).toEqual(
      spellings.map((spelling) => spelling.trim().toLowerCase()),
    );

    const review = await call("admin", "GET", "/review/flags?days=30");
    expect(review.statusCode, review.body).toBe(200);
    const repeated = review.json<TReviewResponse>().flags.filter((flag) => flag.rule === "repeated_plate");
    expect(repeated.map((flag) => [flag.plate, flag.reason])).toEqual([
      ["912RZ8", "912RZ8 searched 7 times in 30 days without a case number."],
    ]);

    // The audit screen's plate filter finds them however the plate is typed there.
    for (const filter of ["912-rz8", "91 2RZ", "2rz8"]) {
      const audit = await call("admin", "GET", `/admin-audit-logs-api?plate=${encodeURIComponent(filter)}`);
      expect(audit.statusCode, audit.body).toBe(200);
      expect(audit.json<{ logs: unknown[] }>().logs, filter).toHaveLength(7);
    }
  });

  it.each([
    [".", "A plate needs at least one letter or digit."],
    ["-", "A plate needs at least one letter or digit."],
    [" . - ", "A plate needs at least one letter or digit."],
    ["*", "A plate with * or ? needs at least 2 letters or digits besides them."],
    ["?*", "A plate with * or ? needs at least 2 letters or digits besides them."],
    ["a*", "A plate with * or ? needs at least 2 letters or digits besides them."],
    ["*-?", "A plate with * or ? needs at least 2 letters or digits besides them."],
    ["%", "A plate holds only letters and digits; * and ? are its only wildcards."],
    ["_", "A plate holds only letters and digits; * and ? are its only wildcards."],
    ["ab%12", "A plate holds only letters and digits; * and ? are its only wildcards."],
    ["ab_12", "A plate holds only letters and digits; * and ? are its only wildcards."],
  ])(
    "refuses %j, which would match (nearly) every read: 400 naming the rule, nothing audited",
    async (plate, message) => {
      const before = (await searchRows()).length;
      const res = await search(plate);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
      expect(res.json().error.message).toContain(message);
      expect((await searchRows()).length).toBe(before);
    },
  );

  it("still takes short exact plates and wildcards with two literal characters", async () => {
    for (const plate of ["A1", "7", "pg*", "a?1", "*234?"]) {
      const res = await search(plate);
      expect(res.statusCode, `${plate}: ${res.body}`).toBe(200);
    }
  });

  it("refuses a plate that is only separators on the investigations too", async () => {
    const res = await call("investigator", "POST", "/search/pattern", {
      plate: " - ",
      justification: "Patrol check",
      start_time: new Date(Date.now() - 24 * HOUR).toISOString(),
      end_time: new Date().toISOString(),
      agencies: ["hfd-lpv-01"],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain("A plate needs at least one letter or digit.");
  });

  it("a hotlist plate is stored normalised by the same rule", async () => {
    const admin = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.admin" } });
    const group = await t.prisma.hotlistGroup.findFirstOrThrow({
      where: { archivedAt: null, agencyId: admin.agencyId! },
    });
    const res = await call("admin", "POST", "/hotlist/add-plate-direct", {
      plate_number: "77-q 1.2",
      reason: "Stolen",
      group_id: group.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const plate = await t.prisma.hotlistPlate.findFirstOrThrow({
      where: { plateNumber: { contains: "77" } },
    });
    expect(plate.plateNormalized).toBe(normalizePlate("77-q 1.2"));
    expect(plate.plateNormalized).toBe("77Q12");
  });
});
