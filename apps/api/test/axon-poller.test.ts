import { DEMO_AGENCIES, DEMO_AXON } from "@odin/db/demo-data";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createImageHandles } from "../src/sources/image-handle";
import { AXON_POLL_OVERLAP_MS, pollAxonIntegration, toRemoteRead } from "../src/modules/ingest/axon-poll";
import { normalizePlate } from "../src/sources/plate-pattern";
import type { SourceDeps } from "../src/sources/detection-source";
import { tokenOf } from "./alert-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const [hartford, newHaven, troopH] = [DEMO_AGENCIES[0]!, DEMO_AGENCIES[1]!, DEMO_AGENCIES[2]!];
const DAY = 86_400_000;

async function addGroup(t: TestApp, agencyName: string, plate: string) {
  const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: agencyName } });
  return t.prisma.hotlistGroup.create({
    data: {
      agencyId: agency.id,
      name: `${agencyName} ${plate}`,
      plates: {
        create: [{ plateNumber: plate, plateNormalized: normalizePlate(plate), state: null, reason: "Test" }],
      },
    },
  });
}

/**
 * Resolves once `find` answers something: vitest's waitFor asks again every 100 ms. Its timeout only
 * ends a test that would never pass; it asserts nothing about speed.
 */
function eventually<T>(find: () => Promise<T | null | undefined>): Promise<T> {
  return vi.waitFor(
    async () => {
      const found = await find();
      if (!found) throw new Error("not yet");
      return found;
    },
    { timeout: 60_000, interval: 100 },
  );
}

describe("Axon poller, scheduled by the app, against the Axon simulator", () => {
  let sim: RunningSimulators;
  let t: TestApp;

  beforeAll(async () => {
    // The generated history ends two days ago: only the reads a test adds are recent.
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, axonReads: 50, now: Date.now() - 2 * DAY });
    t = await buildTestApp({ AXON_POLL_INTERVAL_MS: "400" });
    await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("turns a hotlisted read that appears at Axon into alerts of the agencies that may search it", async () => {
    const integration = await t.prisma.axonIntegration.findFirstOrThrow();
    // New Haven is authorized on Hartford's Axon, Troop H blacklisted (the demo seed).
    const newHavenGroup = await addGroup(t, newHaven.name, "PLT 9001");
    const troopGroup = await addGroup(t, troopH.name, "PLT 9001");
    const hartfordGroup = await t.prisma.hotlistGroup.findFirstOrThrow({
      where: { name: hartford.hotlist.name },
    });

    const readIds: string[] = [];
    for (const plate of ["AK 47281", "PLT-9001"]) {
      const res = await fetch(`${sim.axonUrl}/__sim/reads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ plate, state: "CT" }),
      });
      expect(res.status).toBe(201);
      readIds.push(((await res.json()) as { read_id: string }).read_id);
    }
    const read = sim.dataset.findRead("axon", readIds[0]!)!;

    const alert = await eventually(() =>
      t.prisma.alert.findFirst({ where: { sourceProgram: "Axon", sourceReadId: read.id } }),
    );
    expect(alert.groupId).toBe(hartfordGroup.id);
    expect(alert).toMatchObject({
      plate: "AK47281",
      state: "CT",
      sourceReadId: read.id,
      timestamp: new Date(read.capturedAt),
      camera: read.camera.name,
      agencyName: hartford.name,
      imagePath: `${sim.axonUrl}/api/alpr/v1/reads/${read.id}/image`,
      latitude: read.latitude,
      longitude: read.longitude,
    });
    await eventually(() => t.prisma.alert.findFirst({ where: { groupId: newHavenGroup.id } }));
    expect(await t.prisma.alert.count({ where: { groupId: troopGroup.id } })).toBe(0);

    const polled = await t.prisma.axonIntegration.findUniqueOrThrow({ where: { id: integration.id } });
    expect(Date.parse(polled.pollCursor!)).toBeGreaterThan(read.capturedAt);
    expect(polled.lastPolledAt).not.toBeNull();

    // Polls keep running over the same reads: still one alert per read and plate, after a poll that
    // began once the alert was written (its window overlaps the read) has finished. Waiting on the
    // cursor, not on the clock, so the check cannot pass without that poll having run.
    const afterAlert = new Date().toISOString();
    await eventually(async () => {
      const { pollCursor } = await t.prisma.axonIntegration.findUniqueOrThrow({
        where: { id: integration.id },
      });
      return pollCursor !== null && pollCursor > afterAlert;
    });
    expect(await t.prisma.alert.count({ where: { sourceProgram: "Axon", sourceReadId: read.id } })).toBe(1);

    // The picture comes through the alert image proxy, fetched with the integration's token.
    const picture = await t.app.inject({
      method: "GET",
      url: `/alerts/proxy-alert-image?path=${encodeURIComponent(alert.imagePath!)}`,
      headers: { authorization: `Bearer ${await tokenOf(t, "hartford.hotlistviewer")}` },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/jpeg");
  });

  it("keeps polling the other integrations when one fails", async () => {
    const hartfordIntegration = await t.prisma.axonIntegration.findFirstOrThrow();
    // Hartford's (polled first) now fails: nothing answers at its address. Troop H connects the tenant.
    // A poll already under way when it breaks may still finish and move the cursor up to its start.
    const brokenAt = Date.now();
    await t.prisma.axonIntegration.update({
      where: { id: hartfordIntegration.id },
      data: { baseUrl: "http://127.0.0.1:9", pollCursor: null },
    });
    const troop = await t.prisma.agency.findFirstOrThrow({ where: { name: troopH.name } });
    await t.prisma.axonIntegration.create({
      data: {
        agencyId: troop.id,
        clientId: DEMO_AXON.clientId,
        clientSecretCiphertext: t.secrets.encrypt(DEMO_AXON.clientSecret),
        partnerId: DEMO_AXON.partnerId,
        baseUrl: sim.axonUrl,
        agencyName: troopH.name,
      },
    });
    const group = await addGroup(t, troopH.name, "TRP 5150");
    await fetch(`${sim.axonUrl}/__sim/reads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plate: "TRP 5150", state: "CT" }),
    });

    await eventually(() => t.prisma.alert.findFirst({ where: { groupId: group.id } }));
    const failed = await t.prisma.axonIntegration.findUniqueOrThrow({
      where: { id: hartfordIntegration.id },
    });
    // No poll after the break moved its cursor.
    if (failed.pollCursor !== null) expect(Date.parse(failed.pollCursor)).toBeLessThanOrEqual(brokenAt);
  });
});

describe("one Axon poll", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let deps: SourceDeps;
  let integrationId: number;

  beforeAll(async () => {
    // The generated history ends two days ago: only the reads a test adds are recent.
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, axonReads: 50, now: Date.now() - 2 * DAY });
    t = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" });
    await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
    deps = {
      prisma: t.prisma,
      secrets: t.secrets,
      handles: createImageHandles(t.secrets.derive("image-handles")),
    };
    integrationId = (await t.prisma.axonIntegration.findFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("fetches from the cursor (minus the overlap) to now and moves the cursor to now", async () => {
    const start = Date.now();
    const first = await pollAxonIntegration(deps, integrationId, { now: new Date(start) });
    expect(first).toMatchObject({ alerts: 0, cursor: new Date(start).toISOString() });

    // Captured just before the last poll's end: within the overlap, so still found.
    sim.dataset.addRead("axon", {
      plate: "AK 47281",
      state: "CT",
      capturedAt: start - AXON_POLL_OVERLAP_MS / 2,
    });
    // Captured long before the cursor: a poll never goes back that far.
    sim.dataset.addRead("axon", {
      plate: "AK 47281",
      state: "CT",
      capturedAt: start - 3 * AXON_POLL_OVERLAP_MS,
    });
    const second = await pollAxonIntegration(deps, integrationId, { now: new Date(start + 5000) });
    expect(second).toMatchObject({ alerts: 1, cursor: new Date(start + 5000).toISOString() });
    const row = await t.prisma.axonIntegration.findUniqueOrThrow({ where: { id: integrationId } });
    expect(row.pollCursor).toBe(new Date(start + 5000).toISOString());
    expect(row.lastPolledAt).toEqual(new Date(start + 5000));

    // The same window again: the read is seen again and alerts nobody twice.
    const again = await pollAxonIntegration(deps, integrationId, { now: new Date(start + 6000) });
    expect(again).toMatchObject({ alerts: 0 });
    expect(again!.reads).toBeGreaterThan(0);

    // A poll that other work claimed a moment ago is skipped.
    expect(
      await pollAxonIntegration(deps, integrationId, { now: new Date(start + 7000), minGapMs: 5000 }),
    ).toBeNull();
  });

  it("maps a read for the matcher and alerts the agencies that may search the integration", () => {
    const read = {
      read_id: "r-1",
      plate: "ak-47281",
      state: "ct",
      confidence: 0.9,
      captured_at: "2026-11-21T14:00:00.000Z",
      camera: { id: "X6", name: "Unit 101" },
      location: { lat: 41.7, lon: -72.6 },
      vehicle: null,
      image_url: "/api/alpr/v1/reads/r-1/image",
      plate_image_url: null,
    };
    expect(toRemoteRead(read, { agencyName: "Hartford", baseUrl: "https://hpd.example/axon/" })).toEqual({
      sourceReadId: "r-1",
      plate: "ak-47281",
      plateNormalized: "AK47281",
      state: "CT",
      timestamp: new Date("2026-11-21T14:00:00.000Z"),
      camera: "Unit 101",
      agencyName: "Hartford",
      imagePath: "https://hpd.example/axon/api/alpr/v1/reads/r-1/image",
      latitude: 41.7,
      longitude: -72.6,
    });
    // Which agencies an integration's reads alert: test/read-viewers.test.ts (the one visibility rule).
  });
});
