import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredAlerts } from "../src/jobs/alert-retention";
import { purgeExpiredDetections } from "../src/jobs/detection-retention";
import { ALERT_IMAGE_AREA } from "../src/modules/ingest/rekor-webhook";
import { createImageStore, type ImageStore } from "../src/storage/image-store";
import { buildTestApp, type TestApp } from "./helpers";
import { JPEG, readWithPictures, storedImageExists } from "./retention-helpers";
import { seedPersonas } from "./tokens";

const DAY = 86_400_000;

/**
 * Issue 17.6 with real retention runs on a real database and image folder: the read and pictures an
 * alert points at outlive the reads' retention while the alert exists; alerts and their crops go after
 * ALERT_RETENTION_DAYS, a crop shared with a remaining alert stays.
 */
describe("retention keeps what alerts point at; alerts have their own retention", () => {
  let t: TestApp;
  let dataDir: string;
  let images: ImageStore;
  let agencyId: number;
  let integrationId: number;
  let groupId: number;
  const now = Date.now();
  const exists = (key: string) => storedImageExists(t, key);
  const detection = (name: string, ageDays: number) =>
    readWithPictures(t, images, {
      plate: name,
      at: new Date(now - ageDays * DAY),
      agencyId,
      integrationId,
      vendorEventId: `retention-${name}`,
    });
  const alert = (name: string, ageDays: number, extra: { imagePath?: string; axisDetectionId?: bigint }) =>
    t.prisma.alert.create({
      data: {
        groupId,
        sourceProgram: extra.axisDetectionId ? "Axis" : "Rekor",
        sourceReadId: `read-${name}`,
        plate: name,
        timestamp: new Date(now - ageDays * DAY),
        reason: "Stolen vehicle",
        dateAdded: new Date(now - 500 * DAY),
        ...extra,
      },
    });
  const purgeReads = () =>
    purgeExpiredDetections({ prisma: t.prisma, images, retentionDays: 30, now: () => now });
  const purgeAlerts = () =>
    purgeExpiredAlerts({ prisma: t.prisma, images, retentionDays: 365, now: () => now });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-alert-retention-"));
    // The app's own retention job keeps 10 years here: the tests call the purges themselves, and a
    // background run could take a planted read before its alert is written.
    t = await buildTestApp({
      ODIN_DATA_DIR: dataDir,
      DETECTION_RETENTION_DAYS: "3650",
      ALERT_RETENTION_DAYS: "3650",
    });
    await seedPersonas(t);
    images = createImageStore(t.config.detections.imagesDir);
    const integration = await t.prisma.axisIntegration.findFirstOrThrow({ include: { axisAgency: true } });
    integrationId = integration.id;
    agencyId = integration.axisAgency.agencyId;
    groupId = (await t.prisma.hotlistGroup.create({ data: { agencyId, name: "Retention" } })).id;
    await t.prisma.agency.update({ where: { id: agencyId }, data: { retentionDays: null } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("never purges an expired read (or its pictures) that an alert or its disposition points at", async () => {
    const kept = await detection("KEPT001", 100);
    const gone = await detection("GONE001", 100);
    const judged = await detection("JUDGED1", 100);
    await alert("KEPT001", 100, { axisDetectionId: kept.id, imagePath: kept.plateImagePath! });
    await alert("JUDGED1", 100, { axisDetectionId: judged.id });
    await t.prisma.alert.updateMany({
      where: { plate: "JUDGED1" },
      data: { disposition: "correct_read", dispositionAt: new Date(now) },
    });

    await purgeReads();

    expect(await t.prisma.detection.findFirst({ where: { id: gone.id } })).toBeNull();
    expect(await exists(gone.imagePath!)).toBe(false);
    for (const read of [kept, judged]) {
      expect(await t.prisma.detection.findFirst({ where: { id: read.id } })).not.toBeNull();
      expect(await exists(read.imagePath!)).toBe(true);
      expect(await exists(read.plateImagePath!)).toBe(true);
    }
  });

  it("purges alerts after ALERT_RETENTION_DAYS with their own crops, keeping a crop a remaining alert shows", async () => {
    const at = new Date(now - 400 * DAY);
    const shared = await images.put(ALERT_IMAGE_AREA, 1, at, JPEG, "plate");
    const own = await images.put(ALERT_IMAGE_AREA, 1, at, JPEG, "plate");
    const read = await detection("OLDREAD", 400);
    await alert("SHARED1", 400, { imagePath: shared });
    await alert("SHARED2", 10, { imagePath: shared });
    await alert("OWNCROP", 400, { imagePath: own });
    await alert("OLDREAD", 400, { axisDetectionId: read.id, imagePath: read.plateImagePath! });

    // While its alert exists the old read stays.
    await purgeReads();
    expect(await t.prisma.detection.findFirst({ where: { id: read.id } })).not.toBeNull();

    expect(await purgeAlerts()).toBe(3);
    const left = (await t.prisma.alert.findMany({ where: { groupId }, select: { plate: true } })).map(
      (row) => row.plate,
    );
    expect(left.sort()).toEqual(["JUDGED1", "KEPT001", "SHARED2"]);
    expect(await exists(own)).toBe(false);
    expect(await exists(shared)).toBe(true);
    // The read's own pictures are the read's: the alert purge leaves them to the reads' retention...
    expect(await exists(read.plateImagePath!)).toBe(true);
    // ...which now removes the read and its pictures.
    await purgeReads();
    expect(await t.prisma.detection.findFirst({ where: { id: read.id } })).toBeNull();
    expect(await exists(read.plateImagePath!)).toBe(false);
    expect(await exists(read.imagePath!)).toBe(false);
    // A second run finds nothing more.
    expect(await purgeAlerts()).toBe(0);
  });
  it("retires a whole month of alerts past retention with its crops, deliveries and windows; a month with a held alert goes by rows (issue 21)", async () => {
    const monthOf = (monthsAgo: number) => {
      const d = new Date(now);
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsAgo, 10));
    };
    const months = { free: monthOf(20), held: monthOf(22) };
    for (const at of Object.values(months))
      await t.prisma.$queryRaw`SELECT odin_partition_create('alerts', 'month', ${at})`;
    const name = (at: Date) =>
      `alerts_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
    const ageOf = (at: Date) => (now - at.getTime()) / DAY;
    const own = await images.put(ALERT_IMAGE_AREA, 1, months.free, JPEG, "plate");
    const shared = await images.put(ALERT_IMAGE_AREA, 1, months.free, JPEG, "plate");
    const gone = await alert("MONTH01", ageOf(months.free), { imagePath: own });
    await alert("MONTH02", ageOf(months.free), { imagePath: shared });
    await alert("RECENT3", 10, { imagePath: shared });
    await t.prisma.alertDelivery.create({
      data: { alertId: gone.id, channel: "email", recipient: "user:1" },
    });
    await t.prisma.alertCooldown.create({
      data: {
        groupId,
        cameraKey: "Rekor:cam",
        plateKey: "MONTH01 ",
        alertId: gone.id,
        readAt: gone.timestamp,
        cooldownMinutes: 30,
        verdict: "new",
      },
    });
    // The older month holds an alert a legal hold keeps, by its plate searched under the case.
    await alert("HELD001", ageOf(months.held), {});
    await alert("FREE001", ageOf(months.held), {});
    await t.prisma.legalHold.create({
      data: { agencyId, caseNumber: "2026-21", reason: "Litigation", placedBy: "hartford.admin" },
    });
    await t.prisma.auditLog.create({
      data: {
        username: "hartford.investigator",
        agencyId,
        action: "search",
        plate: "HELD001",
        queryParameters: { plate: "HELD001", case_number: "2026-21" },
      },
    });

    expect(await purgeAlerts()).toBe(3);
    const partitions = (
      await t.prisma.$queryRaw<{ name: string }[]>`SELECT name FROM odin_partitions('alerts')`
    ).map((row) => row.name);
    expect(partitions).not.toContain(name(months.free));
    expect(partitions).toContain(name(months.held));
    expect(await t.prisma.$queryRaw`SELECT odin_retired_partitions('alerts') AS name`).toEqual([]);
    const left = (
      await t.prisma.alert.findMany({
        where: { plate: { in: ["MONTH01", "MONTH02", "RECENT3", "HELD001", "FREE001"] } },
        select: { plate: true },
      })
    ).map((row) => row.plate);
    expect(left.sort()).toEqual(["HELD001", "RECENT3"]);
    expect(await exists(own)).toBe(false);
    expect(await exists(shared)).toBe(true);
    expect(await t.prisma.alertDelivery.count({ where: { alertId: gone.id } })).toBe(0);
    expect(await t.prisma.alertCooldown.count({ where: { alertId: gone.id } })).toBe(0);
  });
});
