import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import {
  buildRekorGroup,
  createDataset,
  ImageRenderer,
  type Dataset,
  type RekorRead,
} from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexPendingSkeletons } from "../src/sources/distinct-plates.repository";
import { mapRekorGroup } from "../src/sources/rekor/rekor.webhook.mapper";
import { ZRekorAlprGroup } from "../src/sources/rekor/rekor.webhook.payload";
import { buildTestApp, filesUnder, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const [hartford, newHaven] = [DEMO_AGENCIES[0]!, DEMO_AGENCIES[1]!];

describe("Rekor webhook: POST /ingest/rekor/{keyId}", () => {
  let t: TestApp;
  let dataDir: string;
  let dataset: Dataset;
  let keyId: number;
  const renderer = new ImageRenderer();

  const post = (body: unknown, token: string | null = hartford.rekor.webhookToken, id = keyId) =>
    t.app.inject({
      method: "POST",
      url: `/ingest/rekor/${id}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as Record<string, unknown>,
    });
  const hotlistedRead = (cameraKey = "rekor:demo-agent-hartford:1101"): RekorRead =>
    dataset.addRead("rekor", { plate: "AK 47281", state: "CT", cameraKey });
  const alertImages = () => filesUnder(path.join(dataDir, "images", "alerts"));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-rekor-webhook-"));
    t = await buildTestApp({ ODIN_DATA_DIR: dataDir, AXON_POLL_INTERVAL_MS: "0" });
    await seedPersonas(t);
    dataset = createDataset({ now: Date.now(), rekorReadsPerAgent: 20 });
    keyId = (await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: hartford.name } })).id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a missing or wrong token with 401 and writes nothing", async () => {
    const read = hotlistedRead();
    const body = buildRekorGroup(read, await renderer.plateCrop(read));
    const newHavenKey = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: newHaven.name } });
    const refused = [
      await post(body, null),
      await post(body, "not-the-token"),
      // Another key's token does not open this key, nor the other way round.
      await post(body, newHaven.rekor.webhookToken),
      await post(body, hartford.rekor.webhookToken, newHavenKey.id),
      await post(body, hartford.rekor.webhookToken, 999_999),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(refused[2]!.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    // An unknown key answers as a wrong token does.
    expect(refused[4]!.json()).toEqual(refused[3]!.json());

    // A key without a webhook token accepts no token at all.
    const silent = await t.prisma.rekorApiKey.create({
      data: {
        agencyId: newHavenKey.agencyId,
        agencyName: "New Haven (no webhook)",
        apiKeyCiphertext: t.secrets.encrypt("another-key"),
        apiKeyLast4: "-key",
        baseUrl: newHavenKey.baseUrl,
      },
    });
    expect((await post(body, null, silent.id)).statusCode).toBe(401);
    expect((await post(body, newHaven.rekor.webhookToken, silent.id)).statusCode).toBe(401);

    expect(await t.prisma.alert.count()).toBe(0);
    expect(await alertImages()).toEqual([]);
  });

  it("makes one alert of ten deliveries of the same read, with one stored plate crop", async () => {
    const read = hotlistedRead();
    const body = buildRekorGroup(read, await renderer.plateCrop(read));
    for (let i = 0; i < 5; i++) expect((await post(body)).json()).toEqual({ status: "received" });
    // And five at once, as an agent retrying on a slow answer would.
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    expect(concurrent.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const alerts = await t.prisma.alert.findMany({ where: { sourceReadId: read.id } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      sourceProgram: "Rekor",
      plate: "AK47281",
      state: "CT",
      camera: "Main St at Pratt St",
      agencyName: hartford.name,
      timestamp: new Date(read.capturedAt),
    });
    expect(alerts[0]!.imagePath).toMatch(
      new RegExp(`^alerts/${keyId}/\\d{4}/\\d{2}/\\d{2}/[0-9a-f-]{36}-plate\\.jpg$`),
    );
    expect(await alertImages()).toEqual([path.join(dataDir, "images", alerts[0]!.imagePath!)]);
  });

  it("answers a read nobody watches the same way, and stores nothing for it", async () => {
    const read = dataset.addRead("rekor", { plate: "NOT 1234", state: "CT" });
    const files = await alertImages();
    const res = await post(buildRekorGroup(read, await renderer.plateCrop(read)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "received" });
    expect(await t.prisma.alert.count({ where: { sourceReadId: read.id } })).toBe(0);
    expect(await alertImages()).toEqual(files);
  });

  it("writes an alert without a picture when the agent sends no plate crop", async () => {
    const read = hotlistedRead("rekor:demo-agent-hartford:1102");
    expect((await post(buildRekorGroup(read))).statusCode).toBe(200);
    const alert = await t.prisma.alert.findFirstOrThrow({ where: { sourceReadId: read.id } });
    expect(alert.imagePath).toBeNull();
  });

  it("takes heartbeats, acknowledges other kinds and refuses an alpr_group it cannot read", async () => {
    const heartbeat = await post({ data_type: "heartbeat", agent_uid: "demo-agent-hartford" });
    expect(heartbeat.statusCode).toBe(200);
    expect(heartbeat.json()).toEqual({ status: "received" });
    // Rekor's own alerts (alpr_alert) are not reads Odin matches.
    const alert = await post({ data_type: "alpr_alert", plate_number: "AK47281" });
    expect(alert.json()).toEqual({ status: "ignored" });

    const { best_uuid: _uuid, ...incomplete } = buildRekorGroup(hotlistedRead());
    const bad = await post(incomplete);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [expect.objectContaining({ path: "best_uuid" })] },
    });
    expect((await post({ nothing: true })).statusCode).toBe(400);
  });

  it("maps an alpr_group: Odin's camera row first (corrected position), then what the agent sent", () => {
    const read = hotlistedRead("rekor:demo-agent-hartford:1102");
    const group = ZRekorAlprGroup.parse(buildRekorGroup(read));
    const key = { agencyName: hartford.name };
    const camera = {
      cameraName: "Albany Ave",
      latitude: 41.781,
      longitude: -72.7045,
      correctedLatitude: 41.7775,
      correctedLongitude: -72.698,
    };
    expect(mapRekorGroup(group, { key, camera })).toEqual({
      sourceReadId: read.id,
      plate: "AK47281",
      plateNormalized: "AK47281",
      state: "CT",
      timestamp: new Date(read.capturedAt),
      camera: "Albany Ave",
      agencyName: hartford.name,
      latitude: 41.7775,
      longitude: -72.698,
      // The agent's OCR candidates with their confidences, best first.
      candidates: (group.best_plate?.candidates ?? []).map(({ plate, confidence }) => ({
        plate,
        confidence,
      })),
    });
    const uncorrected = { ...camera, correctedLatitude: null, correctedLongitude: null };
    expect(mapRekorGroup(group, { key, camera: uncorrected })).toMatchObject({
      latitude: 41.781,
      longitude: -72.7045,
    });
    // An unknown camera: the agent's label and GPS.
    expect(mapRekorGroup(group, { key, camera: undefined })).toMatchObject({
      camera: read.camera.name,
      latitude: read.latitude,
      longitude: read.longitude,
    });
    const bare = ZRekorAlprGroup.parse({
      ...buildRekorGroup(read),
      web_server_config: undefined,
      gps_latitude: 0,
      gps_longitude: 0,
      best_region: "ca-on",
    });
    expect(mapRekorGroup(bare, { key, camera: undefined })).toMatchObject({
      camera: "Camera 1102",
      state: null,
      latitude: null,
      longitude: null,
    });
  });

  it("keeps distinct_plates and skeleton variants like Axis ingest: a group counts, its frames only widen the dates", async () => {
    const read = dataset.addRead("rekor", {
      plate: "KW 3O71",
      state: "CT",
      cameraKey: "rekor:demo-agent-hartford:1101",
    });
    const group = buildRekorGroup(read);
    expect((await post(group)).json()).toEqual({ status: "received" });
    const frame = {
      data_type: "alpr_results",
      agent_uid: "demo-agent-hartford",
      camera_id: 1101,
      uuid: `${read.id}-frame`,
      epoch_time: read.capturedAt + 60_000,
      results: [
        { plate: "KW 3O71", region: "us-ct" },
        { plate: "ZX8812", region: "us-ct" },
      ],
    };
    expect((await post(frame)).json()).toEqual({ status: "received" });

    const plates = await t.prisma.distinctPlate.findMany({
      where: { plateNormalized: { in: ["KW3O71", "ZX8812"] } },
      orderBy: { plateNormalized: "asc" },
    });
    expect(
      plates.map((plate) => [plate.plateNormalized, plate.skeleton, plate.rekorReads, plate.axisReads]),
    ).toEqual([
      ["KW3O71", "KW3071", 1, 0],
      ["ZX8812", "2X8812", 0, 0],
    ]);
    expect(plates[0]!.firstSeen.getTime()).toBe(read.capturedAt);
    expect(plates[0]!.lastSeen.getTime()).toBe(read.capturedAt + 60_000);
    // New skeletons are queued; once the skeleton-index job's work has run (here, or already by the
    // job), the symmetric-delete neighbourhood: the skeleton itself, and with one or two characters removed.
    await indexPendingSkeletons(t.prisma);
    expect(await t.prisma.pendingSkeleton.count({ where: { skeleton: { in: ["KW3071", "2X8812"] } } })).toBe(
      0,
    );
    expect(await t.prisma.skeletonVariant.count({ where: { skeleton: "KW3071" } })).toBe(1 + 6 + 15);
    expect(await t.prisma.skeletonVariant.count({ where: { variant: "KW307", skeleton: "KW3071" } })).toBe(1);
  });
});
