import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AUDIT_RETENTION_TOO_SHORT, type TRetentionSettings, type TTransparencyPage } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredAlerts } from "../src/jobs/alert-retention";
import { purgeExpiredDetections } from "../src/jobs/detection-retention";
import { createImageStore, type ImageStore } from "../src/storage/image-store";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const DAY = 86_400_000;

/**
 * Issue 23 item 5: retention as the agency's policy, per record and source. The admin sets it (the
 * audit log at least 365 days), the retention run follows it per agency and source, and the
 * transparency page shows it.
 */
describe("retention as policy", () => {
  let t: TestApp;
  let dataDir: string;
  let images: ImageStore;
  const tokens = {} as Record<Persona, string>;
  const agencies = {} as Record<"HPD" | "NHPD", { agencyId: number; integrationId: number; groupId: number }>;
  const now = Date.now();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-retention-policy-"));
    t = await buildTestApp({ ODIN_DATA_DIR: dataDir, TRANSPARENCY_CACHE_SECONDS: "0" });
    const subjects = await seedPersonas(t);
    for (const persona of ["admin", "investigator", "otherAgencyAdmin"] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
    images = createImageStore(t.config.detections.imagesDir);
    for (const code of ["HPD", "NHPD"] as const) {
      const agency = await t.prisma.agency.update({ where: { code }, data: { retentionDays: null } });
      const integration = await t.prisma.axisIntegration.findFirstOrThrow({
        where: { axisAgency: { agencyId: agency.id } },
      });
      const group = await t.prisma.hotlistGroup.create({ data: { agencyId: agency.id, name: "Retention" } });
      agencies[code] = { agencyId: agency.id, integrationId: integration.id, groupId: group.id };
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (persona: Persona, method: "GET" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[persona]}` }, payload });
  const read = (code: "HPD" | "NHPD", plate: string, ageDays: number) =>
    t.prisma.detection.create({
      data: {
        plate,
        plateNormalized: plate,
        agencyId: agencies[code].agencyId,
        axisIntegrationId: agencies[code].integrationId,
        timestamp: new Date(now - ageDays * DAY),
        vendorEventId: `policy-${plate}`,
      },
    });
  const alert = (code: "HPD" | "NHPD", plate: string, source: string, ageDays: number) =>
    t.prisma.alert.create({
      data: {
        groupId: agencies[code].groupId,
        sourceProgram: source,
        sourceReadId: `policy-${plate}`,
        plate,
        timestamp: new Date(now - ageDays * DAY),
        reason: "Stolen vehicle",
        dateAdded: new Date(now - 400 * DAY),
      },
    });
  const runRetention = async () => {
    await purgeExpiredAlerts({ prisma: t.prisma, images, retentionDays: 365, now: () => now });
    await purgeExpiredDetections({ prisma: t.prisma, images, retentionDays: 30, now: () => now });
  };

  it("starts from the defaults: reads 30 days, alerts 365, the audit log indefinitely", async () => {
    const res = await call("admin", "GET", "/admin/retention");
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json<TRetentionSettings>()
        .policies.map(({ record, source, days, default_days }) => [record, source, days, default_days]),
    ).toEqual([
      ["reads", "Axis", null, 30],
      ["alerts", "Axis", null, 365],
      ["alerts", "Rekor", null, 365],
      ["alerts", "Axon", null, 365],
      ["audit", "all", null, null],
    ]);
  });

  it("refuses an audit retention under 365 days, and a source Odin keeps nothing of, saying why", async () => {
    const short = await call("admin", "PUT", "/admin/retention", {
      policies: [{ record: "audit", source: "all", days: 90 }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(AUDIT_RETENTION_TOO_SHORT);
    const rekorReads = await call("admin", "PUT", "/admin/retention", {
      policies: [{ record: "reads", source: "Rekor", days: 10 }],
    });
    expect(rekorReads.statusCode).toBe(400);
    expect(rekorReads.json().error.message).toBe("Odin keeps no reads of source Rekor.");
    expect(await t.prisma.retentionPolicy.count()).toBe(0);
    // The table refuses it too, whoever writes.
    await expect(
      t.prisma.retentionPolicy.create({
        data: { agencyId: agencies.HPD.agencyId, record: "audit", source: "all", days: 30 },
      }),
    ).rejects.toThrow();
    expect(
      (
        await call("investigator", "PUT", "/admin/retention", {
          policies: [{ record: "reads", source: "Axis", days: 10 }],
        })
      ).statusCode,
    ).toBe(403);
  });

  it("the retention run follows each agency's policy per source", async () => {
    const res = await call("admin", "PUT", "/admin/retention", {
      policies: [
        { record: "reads", source: "Axis", days: 10 },
        { record: "alerts", source: "Rekor", days: 20 },
        { record: "audit", source: "all", days: 400 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRetentionSettings>().policies.map((policy) => policy.days)).toEqual([
      10,
      null,
      20,
      null,
      400,
    ]);
    const audit = await t.prisma.auditLog.findFirstOrThrow({ where: { action: "retention_changed" } });
    expect(audit.agencyId).toBe(agencies.HPD.agencyId);

    const young = await read("HPD", "YOUNG01", 5);
    const old = await read("HPD", "OLD0001", 15);
    const neighbour = await read("NHPD", "NEIGH01", 15);
    const rekorAlert = await alert("HPD", "RKR0001", "Rekor", 25);
    const axisAlert = await alert("HPD", "AXS0001", "Axis", 25);
    const neighbourAlert = await alert("NHPD", "RKR0002", "Rekor", 25);

    await runRetention();

    const remainingReads = await t.prisma.detection.findMany({
      where: { id: { in: [young.id, old.id, neighbour.id] } },
    });
    expect(remainingReads.map((row) => row.plate).sort()).toEqual(["NEIGH01", "YOUNG01"]);
    const remainingAlerts = await t.prisma.alert.findMany({
      where: { id: { in: [rekorAlert.id, axisAlert.id, neighbourAlert.id] } },
    });
    expect(remainingAlerts.map((row) => row.plate).sort()).toEqual(["AXS0001", "RKR0002"]);
  });

  it("shows the policy on the transparency page; null goes back to the default", async () => {
    await t.prisma.agency.update({
      where: { id: agencies.HPD.agencyId },
      data: { transparencyEnabled: true },
    });
    const page = (
      await t.app.inject({ method: "GET", url: "/transparency-data/HPD" })
    ).json<TTransparencyPage>();
    expect(page.retention?.map(({ record, source, days }) => [record, source, days])).toEqual([
      ["reads", "Axis", 10],
      ["reads", "Rekor", null],
      ["reads", "Axon", null],
      ["alerts", "Axis", 365],
      ["alerts", "Rekor", 20],
      ["alerts", "Axon", 365],
      ["audit", null, 400],
    ]);
    expect(page.retention?.at(-1)?.description).toContain("which Odin keeps indefinitely");

    const reset = await call("admin", "PUT", "/admin/retention", {
      policies: [{ record: "reads", source: "Axis", days: null }],
    });
    expect(reset.json<TRetentionSettings>().policies[0]).toMatchObject({ days: null, default_days: 30 });
    // New Haven's admin sees New Haven's retention only.
    const other = await call("otherAgencyAdmin", "GET", "/admin/retention");
    expect(other.json<TRetentionSettings>().policies.every((policy) => policy.days === null)).toBe(true);
  });
});
