import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildAxisEvent, axisDatetime } from "../src/axis/axis.event";
import { pushAxisEvents } from "../src/axis/axis.push";
import { createDataset } from "../src/data/dataset";
import { DEMO_AXIS_INTEGRATIONS, DEMO_REKOR_AGENTS } from "../src/demo-credentials";
import { ImageRenderer } from "../src/images";
import { buildRekorGroup, sendRekorGroup, type RekorGroup } from "../src/rekor/rekor.webhook";
import { jpegSize, NOW, SEED, startReceiver } from "./helpers";

const dataset = createDataset({ seed: SEED, now: NOW });
const renderer = new ImageRenderer();
const receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

describe("Axis LPV events", () => {
  it("have the LPV push shape, with the pictures as base64 JPEG", async () => {
    const read = dataset.axis().find((r) => r.plate === "AK47281")!;
    const event = await buildAxisEvent(read, { renderer });
    expect(event).toMatchObject({
      packetCounter: expect.stringMatching(/^\d+$/),
      capture_timestamp: String(read.capturedAt),
      datetime: expect.stringMatching(/^\d{8} \d{9}$/),
      plateText: "AK47281",
      plateUTF8: "AK47281",
      plateCountry: "USA",
      plateRegion: "CT",
      plateConfidence: expect.stringMatching(/^0\.\d{6}$/),
      carState: "new",
      carID: String(read.sequence),
      geotag: { lat: read.camera.latitude, lon: read.camera.longitude },
      carMoveDirection: expect.stringMatching(/^(in|out)$/),
      imagesURI: [expect.any(String)],
      plateList: "",
      sensorProviderID: read.camera.integration.identifier,
      camera_info: {
        SerialNumber: expect.stringMatching(/^B8A44F[0-9A-F]{6}$/),
        ProdShortName: expect.stringMatching(/^AXIS /),
        MACAddress: expect.stringMatching(/^B8:A4:4F(:[0-9A-F]{2}){3}$/),
      },
      vehicle_info: {
        type: "car",
        view: read.frame.view,
        brand: "Honda",
        color: expect.any(String),
        model: "Accord",
      },
    });
    const [x, y, width, height] = event.plateCoordinates;
    const image = await jpegSize(Buffer.from(event.image!, "base64"));
    expect(image).toEqual({ format: "jpeg", width: read.frame.width, height: read.frame.height });
    expect(x + width).toBeLessThanOrEqual(image.width);
    expect(y + height).toBeLessThanOrEqual(image.height);
    expect((await jpegSize(Buffer.from(event.plateImage!, "base64"))).format).toBe("jpeg");
    expect(await buildAxisEvent(read)).not.toHaveProperty("image");
  });

  it("write datetime in the camera's local (New York) time", () => {
    expect(axisDatetime(Date.UTC(2026, 0, 15, 17, 4, 5, 67))).toBe("20260115 120405067");
    expect(axisDatetime(Date.UTC(2026, 6, 15, 3, 0, 0, 5))).toBe("20260714 230000005");
  });

  it("are pushed with the bearer token, each its own POST, a few at a time", async () => {
    const receiver = await startReceiver(202, 30);
    receivers.push(receiver);
    const integration = DEMO_AXIS_INTEGRATIONS[0]!;
    const reads = dataset.axis().filter((r) => r.camera.integration.identifier === integration.identifier);
    const events = await Promise.all(reads.slice(0, 12).map((read) => buildAxisEvent(read)));
    const result = await pushAxisEvents(receiver.url, integration.ingestToken, events, { concurrency: 3 });
    expect(result).toEqual({ sent: 12, failed: 0, statuses: new Array(12).fill(202) });
    expect(receiver.maxInFlight()).toBe(3);
    for (const request of receiver.received) {
      expect(request.method).toBe("POST");
      expect(request.headers.authorization).toBe(`Bearer ${integration.ingestToken}`);
      expect(request.headers["content-type"]).toBe("application/json");
    }
    const carIds = receiver.received.map((request) => (JSON.parse(request.body) as { carID: string }).carID);
    expect(new Set(carIds)).toEqual(new Set(events.map((event) => event.carID)));
  });

  it("report refusals and unreachable targets per event", async () => {
    const receiver = await startReceiver(413);
    receivers.push(receiver);
    const events = [await buildAxisEvent(dataset.axis()[0]!)];
    expect(await pushAxisEvents(receiver.url, "t", events)).toEqual({ sent: 0, failed: 1, statuses: [413] });
    expect(await pushAxisEvents("http://127.0.0.1:9/none", "t", events, { timeoutMs: 2000 })).toMatchObject({
      failed: 1,
      statuses: [0],
    });
  });
});

/** The vendor's documented examples, kept by the API's tests (docs/vendors/rekor.md). */
const documented = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, "../../api/test/fixtures/rekor", name), "utf8"),
  ) as Record<string, unknown>;

describe("Rekor alpr_group webhook", () => {
  it("carries every field of the vendor's documented v2 alpr_group, of the same JSON types", () => {
    const example = documented("openalpr-v2-alpr-group.json");
    const group = buildRekorGroup(dataset.rekor()[0]!) as Record<string, unknown>;
    // user_data is the agent's own configuration string (alprd.conf), sent only when set.
    const expected = Object.keys(example).filter((field) => field !== "user_data");
    expect(expected.filter((field) => !(field in group))).toEqual([]);
    const typeOf = (value: unknown) => (Array.isArray(value) ? "array" : typeof value);
    // Documented as a boolean in the group but 0/1 in candidates: Odin reads neither.
    const loose = new Set(["matches_template"]);
    for (const field of expected.filter((name) => !loose.has(name))) {
      expect(typeOf(group[field]), field).toBe(typeOf(example[field]));
    }
    const bestPlate = example.best_plate as Record<string, unknown>;
    expect(Object.keys(bestPlate).filter((field) => !(field in (group.best_plate as object)))).toEqual([]);
  });

  it("POSTs the group with the bearer token and a plate crop", async () => {
    const receiver = await startReceiver(200);
    receivers.push(receiver);
    const agent = DEMO_REKOR_AGENTS[0]!;
    const read = dataset
      .rekor()
      .find((r) => r.plate === "AK47281" && r.camera.agent.agentUid === agent.agentUid)!;
    const { status } = await sendRekorGroup(receiver.url, read, {
      token: agent.webhookToken,
      images: renderer,
    });
    expect(status).toBe(200);
    const [request] = receiver.received;
    expect(request!.headers.authorization).toBe(`Bearer ${agent.webhookToken}`);
    const group = JSON.parse(request!.body) as RekorGroup;
    expect(group).toMatchObject({
      data_type: "alpr_group",
      agent_uid: agent.agentUid,
      camera_id: read.camera.cameraId,
      epoch_start: read.capturedAt,
      epoch_end: read.capturedAt + read.durationMs,
      gps_latitude: read.latitude,
      gps_longitude: read.longitude,
      best_plate_number: "AK47281",
      best_confidence: expect.any(Number),
      best_uuid: read.id,
      best_region: "us-ct",
      travel_direction: read.direction,
      web_server_config: { camera_label: read.camera.name, agent_label: read.camera.siteName },
    });
    expect(group.candidates[0]).toEqual({
      plate: "AK47281",
      confidence: group.best_confidence,
      matches_template: 1,
    });
    expect(group.best_plate.coordinates).toHaveLength(4);
    expect(group.best_plate.vehicle_region).toEqual(read.frame.vehicle);
    for (const attribute of ["color", "make", "make_model", "body_type"] as const)
      expect(group.vehicle[attribute][0]).toEqual({
        name: expect.any(String),
        confidence: expect.any(Number),
      });
    expect(group.vehicle.make_model[0]?.name).toBe("honda_accord");
    expect((await jpegSize(Buffer.from(group.best_plate.plate_crop_jpeg, "base64"))).format).toBe("jpeg");
  });
});
