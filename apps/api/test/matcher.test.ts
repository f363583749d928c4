import type { UsStateAbbreviation } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, buildRekorGroup, createDataset, type Dataset } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizePlate } from "../src/sources/plate-pattern";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const [hartford, newHaven, troopH] = [DEMO_AGENCIES[0]!, DEMO_AGENCIES[1]!, DEMO_AGENCIES[2]!];
const cameras = DEMO_AGENCIES.flatMap((agency) => agency.axis);

/**
 * The matcher through the real ingest paths (Axis pushes, Rekor webhooks): which reads raise which
 * alerts, and how often.
 */
describe("hotlist matcher", () => {
  let t: TestApp;
  let dataset: Dataset;

  const agencyId = async (name: string) => (await t.prisma.agency.findFirstOrThrow({ where: { name } })).id;
  const groupId = async (name: string) =>
    (await t.prisma.hotlistGroup.findFirstOrThrow({ where: { name } })).id;

  const addGroup = async (
    agencyName: string,
    name: string,
    plates: { plate: string; state: string | null }[],
    archived = false,
  ) =>
    t.prisma.hotlistGroup.create({
      data: {
        agencyId: await agencyId(agencyName),
        name,
        archived,
        plates: {
          create: plates.map(({ plate, state }) => ({
            plateNumber: plate,
            plateNormalized: normalizePlate(plate),
            state,
            reason: `Watch ${plate}`,
            notes: `Added for ${name}`,
          })),
        },
      },
      include: { plates: true },
    });

  /** Pushes one read through POST /ingest/axis/{identifier}; answers the alerts it raised. */
  const pushAxis = async (identifier: string, plateText: string, state: UsStateAbbreviation) => {
    const camera = cameras.find((candidate) => candidate.identifier === identifier)!;
    const read = dataset.addRead("axis", { plate: "X", state, cameraKey: `axis:${identifier}` });
    const event = { ...(await buildAxisEvent(read)), plateText };
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/ingest/axis/${identifier}`,
        headers: { authorization: `Bearer ${camera.ingestToken}` },
        payload: event,
      });
    const res = await send();
    expect(res.statusCode, res.body).toBe(201);
    const detectionId = res.json<{ id: string }>().id;
    const alerts = () =>
      t.prisma.alert.findMany({
        where: { sourceProgram: "Axis", sourceReadId: detectionId },
        orderBy: { id: "asc" },
      });
    return { detectionId, alerts: await alerts(), send, alertsNow: alerts };
  };

  beforeAll(async () => {
    t = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" });
    await seedPersonas(t);
    dataset = createDataset({ now: Date.now(), axisReads: 20, rekorReadsPerAgent: 20 });
  });
  afterAll(() => t?.close());

  it("alerts each group whose plate matches: same normalised plate, and the plate's state or none", async () => {
    const anyState = await addGroup(hartford.name, "Any state", [{ plate: "ak-47281", state: null }]);
    const demoGroup = await groupId(hartford.hotlist.name);

    // The read as the camera spells it; the demo plate is "AK 47281" (CT).
    const ct = await pushAxis("hfd-lpv-01", "AK47281", "CT");
    expect(ct.alerts.map((alert) => alert.groupId).sort()).toEqual([demoGroup, anyState.id].sort());
    const demoPlate = await t.prisma.hotlistPlate.findFirstOrThrow({
      where: { groupId: demoGroup, plateNormalized: "AK47281" },
    });
    expect(ct.alerts.find((alert) => alert.groupId === demoGroup)).toMatchObject({
      hotlistPlateId: demoPlate.id,
      plate: "AK47281",
      state: "CT",
      camera: "Park St at Washington St",
      agencyName: hartford.name,
      reason: demoPlate.reason,
      notes: demoPlate.notes,
      dateAdded: demoPlate.createdAt,
      axisDetectionId: BigInt(ct.detectionId),
      axisIsCloud: false,
      latitude: 41.7603,
      longitude: -72.6818,
    });

    // Another state: only the plate without a state matches.
    const ny = await pushAxis("hfd-lpv-01", "AK 47281", "NY");
    expect(ny.alerts.map((alert) => alert.groupId)).toEqual([anyState.id]);

    // Another plate: nothing.
    const other = await pushAxis("hfd-lpv-01", "AK47282", "CT");
    expect(other.alerts).toEqual([]);
  });

  it("never matches an archived group or a removed plate", async () => {
    await addGroup(hartford.name, "Archived", [{ plate: "ZZ 10001", state: "CT" }], true);
    const live = await addGroup(hartford.name, "Removed plate", [{ plate: "ZZ 10002", state: "CT" }]);
    await t.prisma.hotlistPlate.delete({ where: { id: live.plates[0]!.id } });

    expect((await pushAxis("hfd-lpv-02", "ZZ10001", "CT")).alerts).toEqual([]);
    expect((await pushAxis("hfd-lpv-02", "ZZ10002", "CT")).alerts).toEqual([]);
  });

  it("alerts once per read and plate however often the read is pushed again", async () => {
    const first = await pushAxis("hfd-lpv-02", "KGL4821", "NY");
    expect(first.alerts).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      const again = await first.send();
      expect(again.json()).toEqual({ status: "duplicate", id: first.detectionId });
    }
    expect(await first.alertsNow()).toHaveLength(1);
    expect(await t.prisma.alert.count({ where: { plate: "KGL4821", sourceProgram: "Axis" } })).toBe(1);
  });

  it("alerts only the agencies that may search the camera (its own, and those it is shared with)", async () => {
    const hartfordGroup = await groupId(hartford.hotlist.name);
    const troopGroup = await groupId(troopH.hotlist.name);

    // Troop H's camera shared with Hartford: both agencies' plates alert their groups.
    expect((await pushAxis("csp-h-lpv-01", "AK47281", "CT")).alerts.map((a) => a.groupId)).toContain(
      hartfordGroup,
    );
    expect((await pushAxis("csp-h-lpv-01", "CL88310", "CT")).alerts.map((a) => a.groupId)).toEqual([
      troopGroup,
    ]);
    // Troop H's other camera is not shared: a Hartford plate alerts nobody there.
    expect((await pushAxis("csp-h-lpv-02", "AK47281", "CT")).alerts).toEqual([]);
    // New Haven's camera: Hartford may not search it.
    expect((await pushAxis(newHaven.axis[0]!.identifier, "AK47281", "CT")).alerts).toEqual([]);
  });

  it("writes every alert of reads pushed at once, which are stored in one batch", async () => {
    // Every read alerts here: the cooldown (a plate read again by the camera counts on its alert) has
    // its own test, alert-cooldown.test.ts.
    await t.prisma.hotlistGroup.updateMany({ data: { alertCooldownMinutes: 0 } });
    const before = await t.prisma.alert.count();
    const pushes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        pushAxis("hfd-lpv-01", index % 4 === 0 ? "AK47281" : `QQ${10_000 + index}`, "CT"),
      ),
    );
    // Each AK47281 read alerts the demo group and the any-state group of the first test.
    expect(pushes.filter((push) => push.alerts.length === 2)).toHaveLength(10);
    expect(pushes.filter((push) => push.alerts.length === 0)).toHaveLength(30);
    expect(await t.prisma.alert.count()).toBe(before + 20);
    await t.prisma.hotlistGroup.updateMany({ data: { alertCooldownMinutes: 10 } });
  });

  it("matches a Rekor webhook's read against its key's agency only", async () => {
    const read = dataset.addRead("rekor", {
      plate: "1MPV482",
      state: "MA",
      cameraKey: "rekor:demo-agent-hartford:1101",
    });
    const send = async (agency: (typeof DEMO_AGENCIES)[number]) => {
      const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: agency.name } });
      const res = await t.app.inject({
        method: "POST",
        url: `/ingest/rekor/${key.id}`,
        headers: { authorization: `Bearer ${agency.rekor.webhookToken}` },
        payload: buildRekorGroup(read),
      });
      expect(res.json()).toEqual({ status: "received" });
    };
    // New Haven watches 1MPV482; Hartford's key does not alert New Haven.
    await send(hartford);
    expect(await t.prisma.alert.count({ where: { sourceReadId: read.id } })).toBe(0);
    await send(newHaven);
    const alerts = await t.prisma.alert.findMany({ where: { sourceReadId: read.id } });
    expect(alerts.map((alert) => [alert.groupId, alert.sourceProgram])).toEqual([
      [await groupId(newHaven.hotlist.name), "Rekor"],
    ]);
  });
});
