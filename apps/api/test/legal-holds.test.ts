import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LEGAL_HOLD_EXISTS, LEGAL_HOLD_NOT_FOUND, type TLegalHold } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredAlerts } from "../src/jobs/alert-retention";
import { purgeExpiredDetections } from "../src/jobs/detection-retention";
import { createImageStore, type ImageStore } from "../src/storage/image-store";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const DAY = 86_400_000;
type Code = "HPD" | "NHPD";

/**
 * Issue 23 item 5: a legal hold on a case number keeps the case's reads and alerts through retention
 * runs until it is released; then the next run purges them. Placing and releasing are audited.
 */
describe("legal holds", () => {
  let t: TestApp;
  let dataDir: string;
  let images: ImageStore;
  const tokens = {} as Record<Persona, string>;
  const agencies = {} as Record<Code, { agencyId: number; integrationId: number; groupId: number }>;
  let investigator: { id: number; username: string };
  const now = Date.now();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-legal-holds-"));
    // The screens' calls only (ODIN_ROLE=api): the app's own retention job, run at start, would
    // otherwise race the test's reads (purging them before the hold is placed, on a slow machine).
    t = await buildTestApp({ ODIN_DATA_DIR: dataDir, ODIN_ROLE: "api" });
    const subjects = await seedPersonas(t);
    for (const persona of ["admin", "investigator", "otherAgencyAdmin"] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
    images = createImageStore(t.config.detections.imagesDir);
    investigator = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.investigator" } });
    for (const code of ["HPD", "NHPD"] as const) {
      const agency = await t.prisma.agency.update({ where: { code }, data: { retentionDays: null } });
      const integration = await t.prisma.axisIntegration.findFirstOrThrow({
        where: { axisAgency: { agencyId: agency.id } },
      });
      const group = await t.prisma.hotlistGroup.create({ data: { agencyId: agency.id, name: "Holds" } });
      agencies[code] = { agencyId: agency.id, integrationId: integration.id, groupId: group.id };
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (persona: Persona, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[persona]}` }, payload });
  const read = (code: Code, plate: string, ageDays: number) =>
    t.prisma.detection.create({
      data: {
        plate,
        plateNormalized: plate,
        agencyId: agencies[code].agencyId,
        axisIntegrationId: agencies[code].integrationId,
        timestamp: new Date(now - ageDays * DAY),
        vendorEventId: `hold-${code}-${plate}`,
      },
    });
  const alert = (plate: string, ageDays: number) =>
    t.prisma.alert.create({
      data: {
        groupId: agencies.HPD.groupId,
        sourceProgram: "Rekor",
        sourceReadId: `hold-${plate}`,
        plate,
        timestamp: new Date(now - ageDays * DAY),
        reason: "Stolen vehicle",
        dateAdded: new Date(now - 500 * DAY),
      },
    });
  const runRetention = async () => {
    await purgeExpiredAlerts({ prisma: t.prisma, images, retentionDays: 365, now: () => now });
    await purgeExpiredDetections({ prisma: t.prisma, images, retentionDays: 30, now: () => now });
  };
  const plates = async () => ({
    reads: (await t.prisma.detection.findMany({ where: { vendorEventId: { startsWith: "hold-" } } }))
      .map((row) => `${row.agencyId === agencies.HPD.agencyId ? "HPD" : "NHPD"}:${row.plate}`)
      .sort(),
    alerts: (await t.prisma.alert.findMany({ where: { sourceReadId: { startsWith: "hold-" } } }))
      .map((row) => row.plate)
      .sort(),
  });

  it("keeps a held case's reads and alerts through a retention run; after release the next run purges them", async () => {
    // The case's audit rows, as the search and export services write them.
    const exported = await read("HPD", "EXP0001", 40);
    await read("HPD", "HOLD001", 40);
    await read("HPD", "FREE001", 40);
    await read("NHPD", "HOLD001", 40);
    await alert("HOLD001", 400);
    await alert("FREE002", 400);
    const who = { userId: investigator.id, username: investigator.username, agencyId: agencies.HPD.agencyId };
    await t.prisma.auditLog.createMany({
      data: [
        {
          ...who,
          action: "search",
          plate: "HOLD001",
          queryParameters: { plate: "HOLD001", case_number: "2026-77", offense_category: null },
        },
        {
          ...who,
          action: "export_pdf",
          recordCount: 1,
          queryParameters: {
            case_number: "2026-77",
            plates: ["EXP0001"],
            records: [{ id: `axis-${exported.id}`, source_program: "Axis", plate: "EXP0001" }],
          },
        },
        {
          ...who,
          action: "search",
          plate: "FREE001",
          queryParameters: { plate: "FREE001", case_number: null },
        },
      ],
    });

    const placed = await call("admin", "POST", "/admin/legal-holds", {
      case_number: " 2026-77 ",
      reason: "Preservation letter from the State's Attorney",
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const hold = placed.json<TLegalHold>();
    expect(hold).toMatchObject({ case_number: "2026-77", placed_by: "hartford.admin", released_at: null });

    await runRetention();
    expect(await plates()).toEqual({ reads: ["HPD:EXP0001", "HPD:HOLD001"], alerts: ["HOLD001"] });

    // Another agency's admin cannot release it.
    expect((await call("otherAgencyAdmin", "POST", `/admin/legal-holds/${hold.id}/release`)).statusCode).toBe(
      404,
    );
    const released = await call("admin", "POST", `/admin/legal-holds/${hold.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<TLegalHold>()).toMatchObject({ released_by: "hartford.admin" });
    const again = await call("admin", "POST", `/admin/legal-holds/${hold.id}/release`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(LEGAL_HOLD_NOT_FOUND);

    await runRetention();
    expect(await plates()).toEqual({ reads: [], alerts: [] });

    const audit = await t.prisma.auditLog.findMany({
      where: { action: { in: ["legal_hold_placed", "legal_hold_released"] } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => [row.action, (row.detail as { case_number: string }).case_number])).toEqual([
      ["legal_hold_placed", "2026-77"],
      ["legal_hold_released", "2026-77"],
    ]);
  });

  it("places one active hold per case, even when two admins place it at once", async () => {
    const body = { case_number: "2026-88", reason: "Litigation hold" };
    const answers = await Promise.all([1, 2, 3].map(() => call("admin", "POST", "/admin/legal-holds", body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().error.message).toBe(LEGAL_HOLD_EXISTS);
    expect(await t.prisma.legalHold.count({ where: { caseNumber: "2026-88", releasedAt: null } })).toBe(1);
    const list = await call("admin", "GET", "/admin/legal-holds");
    expect(
      list.json<{ holds: TLegalHold[] }>().holds.map((h) => [h.case_number, h.released_at === null]),
    ).toEqual([
      ["2026-88", true],
      ["2026-77", false],
    ]);
    expect((await call("otherAgencyAdmin", "GET", "/admin/legal-holds")).json()).toEqual({ holds: [] });
    expect((await call("investigator", "POST", "/admin/legal-holds", body)).statusCode).toBe(403);
    const blank = await call("admin", "POST", "/admin/legal-holds", { case_number: " ", reason: "x" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("A case number is required.");
  });
});
