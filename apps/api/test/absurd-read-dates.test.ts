import type { TSearchResult } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, buildRekorGroup, createDataset, type Dataset } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAlertsForReads } from "../src/modules/alerts/matching/alert-matcher";
import { normalizePlate } from "../src/sources/plate-pattern";
import { plateSkeleton } from "../src/sources/plate-skeleton";
import { isAbsurdReadTime } from "../src/sources/read-time";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const hartford = DEMO_AGENCIES[0]!;
const camera = hartford.axis[0]!;
const DAY = 86_400_000;

/**
 * Issue 19: a read dated before 2000 or more than a day after receipt is stored (Axis), flagged, shown
 * with a warning in results, and raises no alert, on every ingest path (Axis push, Rekor webhook group
 * and frame, Axon poll).
 */
describe("reads with absurd dates", () => {
  let t: TestApp;
  let dataset: Dataset;
  let subjects: Record<Persona, string>;
  const now = Date.now();
  const past = Date.parse("1970-01-02T08:00:00Z");
  const future = now + 3 * DAY;

  beforeAll(async () => {
    t = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" });
    subjects = await seedPersonas(t);
    dataset = createDataset({ now, axisReads: 5, rekorReadsPerAgent: 5 });
    const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: hartford.name } });
    await t.prisma.hotlistGroup.create({
      data: {
        agencyId: agency.id,
        name: "Watched everywhere",
        plates: {
          create: ["AB12345", "CD67890", "EF13579", "GH24680"].map((plate) => ({
            plateNumber: plate,
            plateNormalized: plate,
            plateSkeleton: plateSkeleton(plate),
            matchStrategy: "lenient",
            reason: `Watch ${plate}`,
          })),
        },
      },
    });
  });
  afterAll(() => t?.close());

  const alertsFor = (source: string, readId: string) =>
    t.prisma.alert.findMany({ where: { sourceProgram: source, sourceReadId: readId } });

  it("draws the line at 2000 and one day after receipt", () => {
    const received = new Date("2026-11-25T12:00:00Z");
    expect(isAbsurdReadTime(new Date("1999-12-31T23:59:59Z"), received)).toBe(true);
    expect(isAbsurdReadTime(new Date("2000-01-01T00:00:00Z"), received)).toBe(false);
    expect(isAbsurdReadTime(new Date("2026-11-26T12:00:00Z"), received)).toBe(false);
    expect(isAbsurdReadTime(new Date("2026-11-26T12:00:01Z"), received)).toBe(true);
    expect(isAbsurdReadTime(new Date(Number.NaN), received)).toBe(true);
  });

  it("Axis: stores the read flagged, raises no alert, and search shows the warning", async () => {
    const push = async (captured: number) => {
      const read = dataset.addRead("axis", {
        plate: "AB12345",
        state: "CT",
        cameraKey: `axis:${camera.identifier}`,
      });
      const res = await t.app.inject({
        method: "POST",
        url: `/ingest/axis/${camera.identifier}`,
        headers: { authorization: `Bearer ${camera.ingestToken}` },
        payload: { ...(await buildAxisEvent(read)), capture_timestamp: String(captured) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const [old, ahead, today] = [await push(past), await push(future), await push(now - 60_000)];
    const stored = await t.prisma.detection.findMany({
      where: { id: { in: [old, ahead, today].map(BigInt) } },
      orderBy: { id: "asc" },
    });
    expect(stored.map((row) => [row.timestamp.getTime(), row.absurdDate])).toEqual([
      [past, true],
      [future, true],
      [now - 60_000, false],
    ]);
    expect((await alertsFor("Axis", old)).length).toBe(0);
    expect((await alertsFor("Axis", ahead)).length).toBe(0);
    // The control: the same plate at a plausible time alerts.
    expect((await alertsFor("Axis", today)).length).toBe(1);

    const res = await t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
      payload: {
        justification: "Case 2026-301: camera clock check",
        plate: "AB12345",
        match: "exact",
        start_time: new Date(past - DAY).toISOString(),
        end_time: new Date(future + DAY).toISOString(),
        agencies: [camera.identifier],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<TSearchResult[]>();
    expect(results.map((result) => [Date.parse(result.timestamp), result.absurd_date])).toEqual([
      [future, true],
      [now - 60_000, undefined],
      [past, true],
    ]);
  });

  it("Rekor webhook: neither a group nor a frame with an absurd date alerts", async () => {
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: hartford.name } });
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: `/ingest/rekor/${key.id}`,
        headers: { authorization: `Bearer ${hartford.rekor.webhookToken}` },
        payload,
      });
    const group = (plate: string, epoch: number) => {
      const read = dataset.addRead("rekor", {
        plate,
        state: "CT",
        cameraKey: "rekor:demo-agent-hartford:1101",
      });
      return { id: read.id, body: { ...buildRekorGroup(read), epoch_start: epoch, epoch_end: epoch + 500 } };
    };
    const old = group("CD67890", past);
    const ahead = group("CD67890", future);
    const today = group("EF13579", now - 60_000);
    for (const { body } of [old, ahead, today])
      expect((await post(body)).json()).toEqual({ status: "received" });
    expect((await alertsFor("Rekor", old.id)).length).toBe(0);
    expect((await alertsFor("Rekor", ahead.id)).length).toBe(0);
    expect((await alertsFor("Rekor", today.id)).length).toBe(1);

    const frame = {
      data_type: "alpr_results",
      agent_uid: "demo-agent-hartford",
      camera_id: 1101,
      uuid: "absurd-frame-1",
      epoch_time: future,
      results: [{ plate: "GH24680", region: "us-ct" }],
    };
    expect((await post(frame)).json()).toEqual({ status: "received" });
    expect((await alertsFor("Rekor", "absurd-frame-1")).length).toBe(0);
  });

  it("Axon poll: the matcher writes no alert for an absurd read", async () => {
    const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: hartford.name } });
    const read = (id: string, timestamp: number) => ({
      sourceReadId: id,
      plate: "GH24680",
      plateNormalized: normalizePlate("GH24680"),
      state: "CT",
      timestamp: new Date(timestamp),
      camera: "Axon camera",
      agencyName: hartford.name,
      imagePath: null,
      latitude: null,
      longitude: null,
    });
    const written = await insertAlertsForReads(
      t.prisma,
      "Axon",
      [read("axon-old", past), read("axon-ahead", future), read("axon-today", now - 60_000)],
      [agency.id],
    );
    expect(written).toHaveLength(1);
    expect((await alertsFor("Axon", "axon-today")).length).toBe(1);
    expect(
      (await alertsFor("Axon", "axon-old")).length + (await alertsFor("Axon", "axon-ahead")).length,
    ).toBe(0);
  });
});
