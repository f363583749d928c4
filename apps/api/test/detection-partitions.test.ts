import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDetectionPartitionsAhead,
  PARTITIONS_AHEAD,
  retireExpiredDetectionPartitions,
} from "../src/jobs/detection-partitions";
import { purgeExpiredDetections } from "../src/jobs/detection-retention";
import { createImageStore, type ImageStore } from "../src/storage/image-store";
import { buildTestApp, type TestApp } from "./helpers";
import { readWithPictures, storedImageExists } from "./retention-helpers";
import { seedPersonas } from "./tokens";

const DAY = 86_400_000;

const monthStart = (at: Date, offset = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
const monthName = (at: Date) =>
  `detections_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, "0")}`;

/**
 * Issue 21 item 2 on a real database and picture folder: detections is partitioned by read time, the
 * detection-partitions job keeps partitions ready ahead, and retention takes a partition past every
 * retention out whole (with its pictures), keeping the reads an alert or a legal hold keeps.
 */
describe("time partitions of detections", () => {
  let t: TestApp;
  let dataDir: string;
  let images: ImageStore;
  let agencyId: number;
  let integrationId: number;
  let groupId: number;
  const now = new Date();
  // A month well past the 30-day retention used below, and its partition.
  const oldMonth = monthStart(now, -7);
  const oldPartition = monthName(oldMonth);

  const exists = (key: string) => storedImageExists(t, key);
  const partitions = async () =>
    (await t.prisma.$queryRaw<{ name: string }[]>`SELECT name FROM odin_partitions('detections')`).map(
      (row) => row.name,
    );
  const read = (plate: string, at: Date) =>
    readWithPictures(t, images, {
      plate,
      at,
      agencyId,
      integrationId,
      vendorEventId: `partition-${plate}-${at.getTime()}`,
    });
  const stored = async (id: bigint) => (await t.prisma.detection.findFirst({ where: { id } })) !== null;
  const retire = () => retireExpiredDetectionPartitions({ prisma: t.prisma, images, retentionDays: 30, now });
  const purge = (retentionDays = 30) =>
    purgeExpiredDetections({ prisma: t.prisma, images, retentionDays, now: () => now.getTime() });
  /** Makes the month's partition: its reads wait in the default partition until then, and move in. */
  const makeOldPartition = () =>
    t.prisma.$queryRaw`SELECT odin_partition_create('detections', 'month', ${oldMonth})::text`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-partitions-"));
    // The app's own retention job keeps 10 years: the tests run the purge themselves.
    t = await buildTestApp({ ODIN_DATA_DIR: dataDir, DETECTION_RETENTION_DAYS: "3650" });
    await seedPersonas(t);
    images = createImageStore(t.config.detections.imagesDir);
    const integration = await t.prisma.axisIntegration.findFirstOrThrow({ include: { axisAgency: true } });
    integrationId = integration.id;
    agencyId = integration.axisAgency.agencyId;
    groupId = (await t.prisma.hotlistGroup.create({ data: { agencyId, name: "Partitions" } })).id;
    await t.prisma.agency.updateMany({ data: { retentionDays: null } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps partitions ready ahead: this month and three more, once", async () => {
    await createDetectionPartitionsAhead(t.prisma, "month");
    const names = await partitions();
    for (let offset = 0; offset <= PARTITIONS_AHEAD.month; offset++) {
      expect(names).toContain(monthName(monthStart(now, offset)));
    }
    expect(await createDetectionPartitionsAhead(t.prisma, "month")).toEqual([]);
    // Days start where the months end: none of the next 14 days is made over a month.
    expect(await createDetectionPartitionsAhead(t.prisma, "day")).toEqual([]);
  });

  it("takes a month past every retention out whole with its pictures, keeping what an alert or a hold keeps", async () => {
    const at = (day: number) => new Date(oldMonth.getTime() + day * DAY);
    const gone = await read("GONE21", at(3));
    const alerted = await read("ALRT21", at(4));
    const held = await read("HOLD21", at(5));
    await t.prisma.alert.create({
      data: {
        groupId,
        sourceProgram: "Axis",
        sourceReadId: alerted.id.toString(),
        plate: "ALRT21",
        timestamp: alerted.timestamp,
        reason: "Stolen vehicle",
        dateAdded: at(1),
        axisDetectionId: alerted.id,
      },
    });
    const investigator = await t.prisma.user.findFirstOrThrow({ where: { agencyId, role: "user" } });
    await t.prisma.auditLog.create({
      data: {
        userId: investigator.id,
        username: investigator.username,
        agencyId,
        action: "search",
        plate: "HOLD21",
        queryParameters: { plate: "HOLD21", case_number: "2026-21", offense_category: null },
      },
    });
    await t.prisma.legalHold.create({
      data: { agencyId, caseNumber: "2026-21", reason: "Preservation letter", placedBy: "test" },
    });
    await makeOldPartition();
    expect(await partitions()).toContain(oldPartition);

    // An agency that keeps reads a year: the month is not past every retention, nothing is taken whole
    // (and its reads are within that agency's retention, so the row deletes keep them too).
    await t.prisma.agency.update({ where: { id: agencyId }, data: { retentionDays: 365 } });
    expect(await retire()).toEqual({ partitions: [], reads: 0, steps: [] });
    await purge();
    expect(await stored(gone.id)).toBe(true);
    await t.prisma.agency.update({ where: { id: agencyId }, data: { retentionDays: null } });

    // Every month before the retention's start goes whole; this one had one read to remove.
    const retired = await retire();
    expect(retired.partitions).toContain(oldPartition);
    expect(retired.reads).toBe(1);
    expect(await stored(gone.id)).toBe(false);
    expect(await exists(gone.imagePath!)).toBe(false);
    expect(await exists(gone.plateImagePath!)).toBe(false);
    for (const kept of [alerted, held]) {
      expect(await stored(kept.id)).toBe(true);
      expect(await exists(kept.imagePath!)).toBe(true);
      expect(await exists(kept.plateImagePath!)).toBe(true);
    }
    // The kept reads are in the month's new partition (it took the old one's place), which has the
    // parent's indexes; nothing retired is left behind.
    const [placed] = await t.prisma.$queryRaw<{ part: string }[]>`
      SELECT tableoid::regclass::text AS part FROM detections WHERE id = ${alerted.id}`;
    expect(placed?.part).toBe(oldPartition);
    const [indexes] = await t.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = ${oldPartition}`;
    expect(indexes?.n).toBe(7);
    expect(await t.prisma.$queryRaw`SELECT odin_retired_partitions('detections')`).toEqual([]);
    // The next run leaves the partition of kept reads as it is instead of copying them again.
    const [before] = await t.prisma.$queryRaw<
      { oid: number }[]
    >`SELECT ${oldPartition}::regclass::oid::int AS oid`;
    expect((await retire()).partitions).not.toContain(oldPartition);
    const [after] = await t.prisma.$queryRaw<
      { oid: number }[]
    >`SELECT ${oldPartition}::regclass::oid::int AS oid`;
    expect(after?.oid).toBe(before?.oid);
  });

  it("finishes a partition a stopped run had already taken out: its pictures, then the table", async () => {
    await t.prisma.$executeRaw`DELETE FROM alerts WHERE group_id = ${groupId}`;
    await t.prisma.legalHold.updateMany({ data: { releasedAt: new Date(), releasedBy: "test" } });
    const lost = await read("LOST21", new Date(oldMonth.getTime() + 8 * DAY));
    // The run stopped after the detach: the table is out of detections, its pictures still there.
    const [retired] = await t.prisma.$queryRaw<{ name: string }[]>`
      SELECT odin_detection_partition_retire(${oldPartition}, false, '{}'::bigint[], '{}'::bigint[]) AS name`;
    expect(await stored(lost.id)).toBe(false);
    expect(await exists(lost.imagePath!)).toBe(true);

    await purge();
    expect(await exists(lost.imagePath!)).toBe(false);
    expect(await exists(lost.plateImagePath!)).toBe(false);
    const [left] = await t.prisma.$queryRaw<
      { t: string | null }[]
    >`SELECT to_regclass(${retired!.name})::text AS t`;
    expect(left?.t).toBeNull();
  });
});
