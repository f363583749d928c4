import { randomUUID } from "node:crypto";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, createDataset, type Dataset } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAlertsForReads } from "../src/modules/alerts/matching/alert-matcher";
import type { RemoteRead } from "../src/sources/remote-read";
import { normalizePlate } from "../src/sources/plate-pattern";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const hartford = DEMO_AGENCIES[0]!;
const camera = hartford.axis[0]!;
const MINUTE = 60_000;

/**
 * Issue 24 item 6, no floods: the same plate read again by the same camera within the group's
 * cooldown counts on the group's alert (read_count, last_read_at) instead of raising a new one, on
 * both ingest paths (the Axis insert-and-match statement, the matcher's statement for Rekor/Axon),
 * including reads racing in parallel statements; replays count nothing.
 */
describe("alert cooldown", () => {
  let a: TestApp;
  let b: TestApp;
  let dataset: Dataset;
  let agencyId: number;

  const addGroup = async (name: string, plate: string, data: { alertCooldownMinutes?: number } = {}) =>
    a.prisma.hotlistGroup.create({
      data: {
        agencyId,
        name,
        ...data,
        plates: {
          create: [{ plateNumber: plate, plateNormalized: normalizePlate(plate), reason: `Watch ${plate}` }],
        },
      },
    });

  const alertsOf = (groupId: number) =>
    a.prisma.alert.findMany({ where: { groupId }, orderBy: { id: "asc" } });

  /** Pushes one Axis read of `plate` at `capturedAt` through `app` (a replica when racing). */
  const pushAxis = async (app: TestApp, plate: string, capturedAt: number) => {
    const read = dataset.addRead("axis", {
      plate: "X",
      state: "CT",
      cameraKey: `axis:${camera.identifier}`,
      capturedAt,
    });
    const res = await app.app.inject({
      method: "POST",
      url: `/ingest/axis/${camera.identifier}`,
      headers: { authorization: `Bearer ${camera.ingestToken}` },
      payload: { ...(await buildAxisEvent(read)), plateText: plate },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  const remoteRead = (plate: string, at: number, read: Partial<RemoteRead> = {}): RemoteRead => ({
    sourceReadId: randomUUID(),
    plate,
    plateNormalized: normalizePlate(plate),
    state: "CT",
    timestamp: new Date(at),
    camera: "North gate",
    agencyName: hartford.name,
    imagePath: null,
    latitude: null,
    longitude: null,
    ...read,
  });

  beforeAll(async () => {
    a = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" });
    b = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" }, { replicaOf: a });
    await seedPersonas(a);
    dataset = createDataset({ now: Date.now(), axisReads: 5, rekorReadsPerAgent: 5 });
    agencyId = (await a.prisma.agency.findFirstOrThrow({ where: { name: hartford.name } })).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("Axis: a second read within 10 minutes counts on the alert; one after the cooldown raises a new one", async () => {
    const group = await addGroup("Cooldown Axis", "CD 1001");
    const member = await a.prisma.user.create({
      data: {
        username: "cd-member",
        name: "CD member",
        email: "cd@example.test",
        approved: true,
        agencyId,
        emailAlerts: true,
      },
    });
    await a.prisma.hotlistGroupMember.create({ data: { groupId: group.id, userId: member.id } });
    expect(group.alertCooldownMinutes).toBe(10);
    const start = Date.now() - 60 * MINUTE;
    const first = await pushAxis(a, "CD1001", start);
    await pushAxis(a, "CD1001", start + 4 * MINUTE);
    await pushAxis(a, "CD1001", start + 9 * MINUTE);

    let alerts = await alertsOf(group.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ sourceReadId: first, readCount: 3 });
    expect(alerts[0]!.lastReadAt?.getTime()).toBe(start + 9 * MINUTE);

    // Ten minutes after the alert's own read the window is closed, even though the plate kept being read.
    await pushAxis(a, "CD1001", start + 11 * MINUTE);
    alerts = await alertsOf(group.id);
    expect(alerts.map((alert) => alert.readCount)).toEqual([3, 1]);

    // A count queues no delivery: one e-mail per alert for the member who chose e-mail.
    const deliveries = await a.prisma.alertDelivery.findMany({
      where: { alertId: { in: alerts.map((alert) => alert.id) }, channel: "email" },
    });
    expect(deliveries.map((delivery) => delivery.alertId).sort()).toEqual(
      alerts.map((alert) => alert.id).sort(),
    );
  });

  it("Axis: 12 reads racing through two app instances make one alert that counts all 12", async () => {
    const group = await addGroup("Cooldown Axis race", "CD 2002");
    const start = Date.now() - 30 * MINUTE;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => pushAxis(i % 2 === 0 ? a : b, "CD2002", start + i * 1000)),
    );
    const alerts = await alertsOf(group.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.readCount).toBe(12);
    expect(alerts[0]!.lastReadAt?.getTime()).toBe(start + 11_000);
  });

  it("Rekor/Axon: 10 reads racing in parallel statements make one alert; replays count nothing", async () => {
    const group = await addGroup("Cooldown remote race", "CD 3003");
    const start = Date.now() - 20 * MINUTE;
    const reads = Array.from({ length: 10 }, (_, i) => remoteRead("CD3003", start + i * 1000));
    const written = await Promise.all(
      reads.map((read) => insertAlertsForReads(a.prisma, "Rekor", [read], [agencyId])),
    );
    expect(written.flat()).toHaveLength(1);
    let alerts = await alertsOf(group.id);
    expect(alerts.map((alert) => alert.readCount)).toEqual([10]);

    // Every read replayed, twice and in parallel: nothing new, nothing counted again.
    const replays = await Promise.all(
      [...reads, ...reads].map((read) => insertAlertsForReads(a.prisma, "Rekor", [read], [agencyId])),
    );
    expect(replays.flat()).toHaveLength(0);
    alerts = await alertsOf(group.id);
    expect(alerts.map((alert) => alert.readCount)).toEqual([10]);
  });

  it("Rekor/Axon: one batch holding several reads of the plate alerts once and counts them", async () => {
    const group = await addGroup("Cooldown batch", "CD 4004");
    const start = Date.now() - 20 * MINUTE;
    const written = await insertAlertsForReads(
      a.prisma,
      "Axon",
      [remoteRead("CD4004", start + 2000), remoteRead("CD4004", start), remoteRead("CD4004", start + 1000)],
      [agencyId],
    );
    expect(written).toHaveLength(1);
    const alerts = await alertsOf(group.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ readCount: 3, timestamp: new Date(start) });
    expect(alerts[0]!.lastReadAt).toEqual(new Date(start + 2000));
  });

  it("another camera, an unknown camera, or a group with no cooldown: every read alerts", async () => {
    const group = await addGroup("Cooldown cameras", "CD 5005");
    const none = await addGroup("No cooldown", "CD 5005", { alertCooldownMinutes: 0 });
    const start = Date.now() - 20 * MINUTE;
    for (const read of [
      remoteRead("CD5005", start),
      remoteRead("CD5005", start + 1000, { camera: "South gate" }),
      remoteRead("CD5005", start + 2000, { camera: null }),
      remoteRead("CD5005", start + 3000, { camera: null }),
      remoteRead("CD5005", start + 4000),
    ]) {
      await insertAlertsForReads(a.prisma, "Rekor", [read], [agencyId]);
    }
    expect((await alertsOf(group.id)).map((alert) => [alert.camera, alert.readCount])).toEqual([
      ["North gate", 2],
      ["South gate", 1],
      [null, 1],
      [null, 1],
    ]);
    expect((await alertsOf(none.id)).map((alert) => alert.readCount)).toEqual([1, 1, 1, 1, 1]);
  });

  it("a read older than the window and beyond its cooldown (a late arrival) is an alert of its own", async () => {
    const group = await addGroup("Cooldown late", "CD 6006");
    const start = Date.now() - 60 * MINUTE;
    await insertAlertsForReads(a.prisma, "Rekor", [remoteRead("CD6006", start)], [agencyId]);
    await insertAlertsForReads(a.prisma, "Rekor", [remoteRead("CD6006", start - 30 * MINUTE)], [agencyId]);
    // Still within the first alert's window: counts there.
    await insertAlertsForReads(a.prisma, "Rekor", [remoteRead("CD6006", start + 5 * MINUTE)], [agencyId]);
    const alerts = await alertsOf(group.id);
    expect(alerts.map((alert) => [alert.timestamp.getTime(), alert.readCount])).toEqual([
      [start, 2],
      [start - 30 * MINUTE, 1],
    ]);
  });
});
