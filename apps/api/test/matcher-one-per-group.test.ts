import type { UsStateAbbreviation } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, buildRekorGroup, createDataset, type Dataset } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizePlate } from "../src/sources/plate-pattern";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const [hartford, newHaven] = [DEMO_AGENCIES[0]!, DEMO_AGENCIES[1]!];
const camera = hartford.axis[0]!;

/** Issue 17: one read raises at most one alert per group, whatever entries of the group it matches. */
describe("one alert per read and group", () => {
  let t: TestApp;
  let dataset: Dataset;

  const addGroup = async (
    agencyName: string,
    name: string,
    entries: { plate: string; state: string | null }[],
  ) => {
    const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: agencyName } });
    return t.prisma.hotlistGroup.create({
      data: {
        agencyId: agency.id,
        name,
        plates: {
          create: entries.map(({ plate, state }) => ({
            plateNumber: plate,
            plateNormalized: normalizePlate(plate),
            state,
            reason: `Watch ${plate} ${state ?? "any state"}`,
          })),
        },
      },
      include: { plates: { orderBy: { id: "asc" } } },
    });
  };

  const pushAxis = async (plateText: string, state: UsStateAbbreviation) => {
    const read = dataset.addRead("axis", { plate: "X", state, cameraKey: `axis:${camera.identifier}` });
    const event = { ...(await buildAxisEvent(read)), plateText };
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/ingest/axis/${camera.identifier}`,
        headers: { authorization: `Bearer ${camera.ingestToken}` },
        payload: event,
      });
    const res = await send();
    expect(res.statusCode, res.body).toBe(201);
    const detectionId = res.json<{ id: string }>().id;
    const alerts = () =>
      t.prisma.alert.findMany({ where: { sourceProgram: "Axis", sourceReadId: detectionId } });
    return { send, alerts };
  };

  beforeAll(async () => {
    t = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" });
    await seedPersonas(t);
    dataset = createDataset({ now: Date.now(), axisReads: 5, rekorReadsPerAgent: 5 });
  });
  afterAll(() => t?.close());

  it("a no-state and a CT entry of one plate: a CT read alerts the group once, for the CT entry", async () => {
    const group = await addGroup(hartford.name, "Both entries", [
      { plate: "DP 10001", state: null },
      { plate: "DP-10001", state: "CT" },
    ]);
    const [anyState, ct] = group.plates;

    const ctRead = await pushAxis("DP10001", "CT");
    const alerts = await ctRead.alerts();
    expect(alerts.map((alert) => [alert.groupId, alert.hotlistPlateId])).toEqual([[group.id, ct!.id]]);
    expect(alerts[0]!.reason).toBe("Watch DP-10001 CT");

    // Replays are refused as duplicates and make nothing more.
    expect((await ctRead.send()).json()).toMatchObject({ status: "duplicate" });
    expect(await ctRead.alerts()).toHaveLength(1);

    // Another state: only the no-state entry matches.
    const nyRead = await pushAxis("DP10001", "NY");
    expect((await nyRead.alerts()).map((alert) => alert.hotlistPlateId)).toEqual([anyState!.id]);
  });

  it("a Rekor read alerts a group once, and a replay after the group's entries changed adds nothing", async () => {
    const group = await addGroup(newHaven.name, "Rekor both entries", [{ plate: "7DP 202", state: null }]);
    const read = dataset.addRead("rekor", {
      plate: "7DP202",
      state: "MA",
      cameraKey: "rekor:demo-agent-hartford:1101",
    });
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: newHaven.name } });
    const payload = buildRekorGroup(read);
    const send = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/ingest/rekor/${key.id}`,
        headers: { authorization: `Bearer ${newHaven.rekor.webhookToken}` },
        payload,
      });
      expect(res.json()).toEqual({ status: "received" });
    };
    const alerts = () =>
      t.prisma.alert.findMany({ where: { sourceProgram: "Rekor", sourceReadId: read.id } });

    await send();
    expect((await alerts()).map((alert) => alert.hotlistPlateId)).toEqual([group.plates[0]!.id]);

    // An MA entry is added next to the no-state one: both now match, and the entry picked would change.
    await t.prisma.hotlistPlate.create({
      data: {
        groupId: group.id,
        plateNumber: "7DP202",
        plateNormalized: "7DP202",
        state: "MA",
        reason: "MA",
      },
    });
    await send();
    await send();
    expect(await alerts()).toHaveLength(1);

    // A new read of the plate after the group's 10-minute cooldown alerts once, for the more specific MA entry.
    const next = dataset.addRead("rekor", {
      plate: "7DP202",
      state: "MA",
      cameraKey: "rekor:demo-agent-hartford:1101",
      capturedAt: Date.now() + 11 * 60_000,
    });
    const res = await t.app.inject({
      method: "POST",
      url: `/ingest/rekor/${key.id}`,
      headers: { authorization: `Bearer ${newHaven.rekor.webhookToken}` },
      payload: buildRekorGroup(next),
    });
    expect(res.json()).toEqual({ status: "received" });
    const nextAlerts = await t.prisma.alert.findMany({
      where: { sourceProgram: "Rekor", sourceReadId: next.id },
    });
    expect(nextAlerts).toHaveLength(1);
    expect(nextAlerts[0]!.reason).toBe("MA");
  });
});
