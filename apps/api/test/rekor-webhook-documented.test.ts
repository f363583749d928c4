import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

/**
 * The vendor's own documented webhook examples (docs/vendors/rekor.md, "Documented examples"), replayed
 * as they are through the real route with a key's webhook token. Vendor payloads are not Odin's to
 * narrow: every documented shape must be taken, its camera learnt, and a hotlisted plate alerted once.
 */
const fixture = (name: string) => path.join(import.meta.dirname, "fixtures", "rekor", name);
const documented = async (name: string): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(fixture(name), "utf8")) as Record<string, unknown>;

const hartford = DEMO_AGENCIES[0]!;

describe("Rekor webhook: the vendor's documented examples", () => {
  let t: TestApp;
  let keyId: number;
  let groupId: number;

  const post = (body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: `/ingest/rekor/${keyId}`,
      headers: { authorization: `Bearer ${hartford.rekor.webhookToken}` },
      payload: body,
    });
  const hotlist = (plate: string) =>
    t.prisma.hotlistPlate.create({
      data: { groupId, plateNumber: plate, plateNormalized: plate, reason: "Documented example" },
    });
  const camera = (cameraId: number) =>
    t.prisma.rekorCamera.findUnique({
      where: { rekorApiKeyId_cameraId: { rekorApiKeyId: keyId, cameraId: String(cameraId) } },
    });

  beforeAll(async () => {
    t = await buildTestApp({ AXON_POLL_INTERVAL_MS: "0" });
    await seedPersonas(t);
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: hartford.name } });
    keyId = key.id;
    groupId = (await t.prisma.hotlistGroup.findFirstOrThrow({ where: { agencyId: key.agencyId } })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("takes the agent's alpr_group without agent_uid (company_id, site_id, bare region): camera learnt, one alert", async () => {
    const plate = await hotlist("A13709");
    const body = await documented("openalpr-alpr-group.json");
    expect(body).not.toHaveProperty("agent_uid");
    for (let i = 0; i < 3; i++) {
      const res = await post(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "received" });
    }
    const alerts = await t.prisma.alert.findMany({ where: { hotlistPlateId: plate.id } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      sourceProgram: "Rekor",
      sourceReadId: "dimitar-video-cam1414799424-1448326208789",
      plate: "A13709",
      state: "MO",
      camera: "Camera 1414799424",
      timestamp: new Date(1448326208789),
      imagePath: null,
    });
    expect(await camera(1414799424)).toMatchObject({ siteName: "dimitar-video", agentUid: null });
    expect((await camera(1414799424))?.lastSeenAt).toBeInstanceOf(Date);
  });

  it("takes the v2 alpr_group (agent_uid, placeholder crop) and its frames make no second alert", async () => {
    const plate = await hotlist("6PK132");
    // Documented with two missing commas and a trailing one; the .json differs only by those (below).
    const body = await documented("openalpr-v2-alpr-group.json");
    expect((await post(body)).statusCode).toBe(200);
    expect((await post(body)).statusCode).toBe(200);
    expect(await t.prisma.alert.count({ where: { hotlistPlateId: plate.id } })).toBe(1);
    expect(await camera(2090267338)).toMatchObject({
      agentUid: "YYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYY",
    });
  });

  it("matches alpr_results frames against the hotlists: one alert per sighting, not per frame", async () => {
    const plate = await hotlist("AE1T3E");
    const frame = await documented("openalpr-alpr-results.json");
    const first = await post(frame);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: "received" });
    // The next frames of the same pass, a few hundred ms apart, and a replay of the first.
    const epoch = frame.epoch_time as number;
    for (const offset of [0, 240, 480]) {
      const next = {
        ...frame,
        uuid: `unspecified-cam16488027-${epoch + offset}`,
        epoch_time: epoch + offset,
      };
      expect((await post(next)).statusCode).toBe(200);
    }
    const alerts = await t.prisma.alert.findMany({ where: { hotlistPlateId: plate.id } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      sourceReadId: "unspecified-cam16488027-1490574589596",
      plate: "AE1T3E",
      state: "MO",
      camera: "Camera 16488027",
    });
    expect(await camera(16488027)).toMatchObject({
      agentUid: "YYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYY",
      siteName: "unspecified",
    });

    // The group the agent sends for that pass lists the frames: still one alert.
    const group = {
      data_type: "alpr_group",
      agent_uid: frame.agent_uid,
      camera_id: frame.camera_id,
      best_plate_number: "AE1T3E",
      best_uuid: `unspecified-cam16488027-${epoch + 240}`,
      uuids: [frame.uuid, `unspecified-cam16488027-${epoch + 240}`],
      epoch_start: epoch,
    };
    expect((await post(group)).statusCode).toBe(200);
    expect(await t.prisma.alert.count({ where: { hotlistPlateId: plate.id } })).toBe(1);
  });

  it("learns cameras from both documented heartbeats, without a read", async () => {
    const alerts = await t.prisma.alert.count();
    const v1 = await post(await documented("openalpr-heartbeat.json"));
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toEqual({ status: "received" });
    expect(await camera(1630410444)).toMatchObject({ siteName: "your-unique-sitename", cameraName: null });

    // v2 names the camera already learnt from the group above.
    expect((await post(await documented("openalpr-v2-heartbeat.json"))).statusCode).toBe(200);
    const named = await camera(2090267338);
    expect(named).toMatchObject({ cameraName: "h265" });
    expect(named?.lastSeenAt).toBeInstanceOf(Date);
    expect(await t.prisma.alert.count()).toBe(alerts);
  });

  it("keeps the documented text of the v2 examples: the replayed JSON differs only by commas", async () => {
    for (const name of ["openalpr-v2-alpr-group", "openalpr-v2-heartbeat"]) {
      const asDocumented = await readFile(fixture(`${name}.documented.txt`), "utf8");
      const replayed = await readFile(fixture(`${name}.json`), "utf8");
      expect(() => JSON.parse(asDocumented) as unknown).toThrow();
      expect(replayed.replaceAll(",", "")).toBe(asDocumented.replaceAll(",", ""));
    }
  });

  it("does not take another agent's camera with a colliding id as its own", async () => {
    const body = {
      ...(await documented("openalpr-v2-alpr-group.json")),
      agent_uid: "another-agent",
      web_server_config: { camera_label: "Elsewhere" },
    };
    expect((await post(body)).statusCode).toBe(200);
    expect(await camera(2090267338)).toMatchObject({
      agentUid: "YYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYY",
      cameraName: "h265",
    });
  });
});
