import type { UsStateAbbreviation } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, buildRekorGroup, createDataset, type Dataset } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPlateCsv } from "../src/modules/hotlists/plate-csv";
import { normalizePlate } from "../src/sources/plate-pattern";
import { plateSkeleton } from "../src/sources/plate-skeleton";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const [hartford, newHaven] = [DEMO_AGENCIES[0]!, DEMO_AGENCIES[1]!];
const camera = hartford.axis[0]!;

describe("hotlist match strategy (issue 19)", () => {
  let t: TestApp;
  let dataset: Dataset;

  const addGroup = async (
    agencyName: string,
    name: string,
    entries: { plate: string; strategy: "exact" | "lenient" }[],
  ) => {
    const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: agencyName } });
    return t.prisma.hotlistGroup.create({
      data: {
        agencyId: agency.id,
        name,
        plates: {
          create: entries.map(({ plate, strategy }) => ({
            plateNumber: plate,
            plateNormalized: normalizePlate(plate),
            plateSkeleton: plateSkeleton(normalizePlate(plate)),
            matchStrategy: strategy,
            reason: `Watch ${plate} (${strategy})`,
          })),
        },
      },
      include: { plates: { orderBy: { id: "asc" } } },
    });
  };

  const pushAxis = async (plateText: string, state: UsStateAbbreviation = "CT") => {
    const read = dataset.addRead("axis", { plate: "X", state, cameraKey: `axis:${camera.identifier}` });
    const res = await t.app.inject({
      method: "POST",
      url: `/ingest/axis/${camera.identifier}`,
      headers: { authorization: `Bearer ${camera.ingestToken}` },
      payload: { ...(await buildAxisEvent(read)), plateText },
    });
    expect(res.statusCode, res.body).toBe(201);
    const detectionId = res.json<{ id: string }>().id;
    return t.prisma.alert.findMany({ where: { sourceProgram: "Axis", sourceReadId: detectionId } });
  };

  beforeAll(async () => {
    t = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" });
    await seedPersonas(t);
    dataset = createDataset({ now: Date.now(), axisReads: 5, rekorReadsPerAgent: 5 });
  });
  afterAll(() => t?.close());

  it("reads Rekor's 'Match Strategy' column, Exact by default", () => {
    const csv = "plate_number,Match Strategy\nMU12170,Lenient\nAB123,Exact\nCD456,\n";
    expect(readPlateCsv(Buffer.from(csv)).map((row) => [row.plateNormalized, row.matchStrategy])).toEqual([
      ["MU12170", "lenient"],
      ["AB123", "exact"],
      ["CD456", "exact"],
    ]);
    expect(readPlateCsv(Buffer.from(csv))[0]!.plateSkeleton).toBe("MU12170");
    expect(() => readPlateCsv(Buffer.from("plate_number,match_strategy\nMU12170,fuzzy\n"))).toThrow(
      /match strategy: Match strategy must be Exact or Lenient/,
    );
  });

  it("a lenient entry alerts on a misread and says so; an exact entry does not", async () => {
    const lenient = await addGroup(hartford.name, "Lenient watch", [
      { plate: "MU 12170", strategy: "lenient" },
    ]);
    const exact = await addGroup(hartford.name, "Exact watch", [{ plate: "MU-12170", strategy: "exact" }]);
    const misread = await pushAxis("MU1217O");
    expect(misread.map((alert) => [alert.groupId, alert.matchRule])).toEqual([
      [lenient.id, "lenient: same skeleton"],
    ]);
    const trueRead = await pushAxis("MU12170");
    expect(trueRead.map((alert) => [alert.groupId, alert.matchRule]).sort()).toEqual(
      [
        [lenient.id, "exact"],
        [exact.id, "exact"],
      ].sort(),
    );
  });

  it("still one alert per read and group when an exact and a lenient entry both match, the exact one", async () => {
    const group = await addGroup(hartford.name, "Both strategies", [
      { plate: "BOS1Z34", strategy: "lenient" },
      { plate: "B0S1Z34", strategy: "exact" },
    ]);
    const alerts = await pushAxis("B0S1Z34");
    expect(alerts.map((alert) => [alert.hotlistPlateId, alert.matchRule])).toEqual([
      [group.plates[1]!.id, "exact"],
    ]);
  });

  it("a Rekor read of a misread plate alerts a lenient entry once", async () => {
    const group = await addGroup(newHaven.name, "Rekor lenient", [{ plate: "8GS202", strategy: "lenient" }]);
    const read = dataset.addRead("rekor", {
      plate: "BG5202",
      state: "MA",
      cameraKey: "rekor:demo-agent-hartford:1101",
    });
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: newHaven.name } });
    const res = await t.app.inject({
      method: "POST",
      url: `/ingest/rekor/${key.id}`,
      headers: { authorization: `Bearer ${newHaven.rekor.webhookToken}` },
      payload: buildRekorGroup(read),
    });
    expect(res.json()).toEqual({ status: "received" });
    const alerts = await t.prisma.alert.findMany({
      where: { sourceProgram: "Rekor", sourceReadId: read.id },
    });
    expect(alerts.map((alert) => [alert.groupId, alert.matchRule])).toEqual([
      [group.id, "lenient: same skeleton"],
    ]);
  });

  describe("OCR candidates (OpenALPR)", () => {
    const pushRekorGroup = async (
      best: string,
      candidates: { plate: string; confidence: number }[],
      shape: "group" | "best_plate" = "best_plate",
    ) => {
      const read = dataset.addRead("rekor", {
        plate: best,
        state: "CT",
        cameraKey: "rekor:demo-agent-hartford:1101",
      });
      const body = buildRekorGroup(read);
      const payload =
        shape === "best_plate"
          ? { ...body, candidates: undefined, best_plate: { ...body.best_plate, candidates } }
          : { ...body, candidates, best_plate: { ...body.best_plate, candidates: undefined } };
      const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: hartford.name } });
      const res = await t.app.inject({
        method: "POST",
        url: `/ingest/rekor/${key.id}`,
        headers: { authorization: `Bearer ${hartford.rekor.webhookToken}` },
        payload,
      });
      expect(res.json()).toEqual({ status: "received" });
      return t.prisma.alert.findMany({ where: { sourceProgram: "Rekor", sourceReadId: read.id } });
    };

    it("a lenient entry alerts on a candidate the best plate does not match, naming it; an exact entry does not", async () => {
      const lenient = await addGroup(hartford.name, "Candidate watch", [
        { plate: "KX4471", strategy: "lenient" },
      ]);
      await addGroup(hartford.name, "Candidate exact", [{ plate: "KX4471", strategy: "exact" }]);
      const candidates = [
        { plate: "KH4471", confidence: 91.5 },
        { plate: "KX447I", confidence: 80.25 },
        { plate: "KX4471", confidence: 74 },
      ];
      const alerts = await pushRekorGroup("KH4471", candidates);
      // The first candidate whose skeleton is the entry's names the rule (KX447I: I read as 1).
      expect(alerts.map((alert) => [alert.groupId, alert.matchRule])).toEqual([
        [lenient.id, "lenient: OCR candidate KX447I"],
      ]);
      // The alert keeps every candidate with its confidence.
      expect(alerts[0]!.ocrCandidates).toEqual(candidates);
    });

    it("reads the group's own candidates list too, and a candidate alerts once per group", async () => {
      const group = await addGroup(hartford.name, "Two candidates", [
        { plate: "PQ7781", strategy: "lenient" },
        { plate: "PQ7782", strategy: "lenient" },
      ]);
      const alerts = await pushRekorGroup(
        "PW7789",
        [
          { plate: "PQ7781", confidence: 88 },
          { plate: "PQ7782", confidence: 70 },
        ],
        "group",
      );
      expect(alerts.map((alert) => [alert.groupId, alert.hotlistPlateId, alert.matchRule])).toEqual([
        [group.id, group.plates[0]!.id, "lenient: OCR candidate PQ7781"],
      ]);
    });

    it("prefers the best plate's own skeleton to a candidate within a group", async () => {
      const group = await addGroup(hartford.name, "Skeleton first", [
        { plate: "RT5597", strategy: "lenient" },
        { plate: "RT5590", strategy: "lenient" },
      ]);
      // The best plate RT559O has RT5590's skeleton; its candidate RT5597 is the older entry's plate.
      const alerts = await pushRekorGroup("RT559O", [{ plate: "RT5597", confidence: 60 }]);
      expect(alerts.map((alert) => [alert.hotlistPlateId, alert.matchRule])).toEqual([
        [group.plates[1]!.id, "lenient: same skeleton"],
      ]);
    });
  });
});
