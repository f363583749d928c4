import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SEARCH_SOURCES_HEADER, type TSearchResult } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import {
  buildAxisEvent,
  createDataset,
  ImageRenderer,
  pushAxisEvents,
  type AxisLpvEvent,
  type AxisRead,
} from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredDetections } from "../src/jobs/detection-retention";
import { createImageStore } from "../src/storage/image-store";
import { buildTestApp, filesUnder, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const DAY = 86_400_000;
const hartfordCamera = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!.axis[0]!;
const newHavenCamera = DEMO_AGENCIES.find((agency) => agency.key === "newhaven")!.axis[0]!;

describe("Axis ingest: POST /ingest/axis/{identifier}", () => {
  let t: TestApp;
  let dataDir: string;
  let subjects: Record<Persona, string>;
  let reads: AxisRead[];
  const renderer = new ImageRenderer();
  const now = Date.now();

  const urlOf = (identifier: string) => `${t.baseUrl}/ingest/axis/${identifier}`;
  const push = (
    event: unknown,
    { identifier = hartfordCamera.identifier, token = hartfordCamera.ingestToken } = {},
  ) =>
    fetch(urlOf(identifier), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(event),
    });
  const countRows = () => t.prisma.detection.count();
  const imagesDir = () => path.join(dataDir, "images");
  const readOf = (identifier: string, index = 0) =>
    reads.filter((read) => read.camera.integration.identifier === identifier)[index]!;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-axis-ingest-"));
    // The app's own retention job keeps 10 years here: the retention test calls the purge itself, and a
    // background run with the default 30 days could take its 40-day-old read first.
    t = await buildTestApp(
      { ODIN_DATA_DIR: dataDir, AXIS_INGEST_MAX_BYTES: "400000", DETECTION_RETENTION_DAYS: "3650" },
      { listen: true },
    );
    subjects = await seedPersonas(t);
    reads = [...createDataset({ now, axisReads: 200 }).axis()].sort((a, b) => b.capturedAt - a.capturedAt);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stores a read with its pictures, finds it in a search and serves its pictures to its agency only", async () => {
    const read = readOf(hartfordCamera.identifier);
    const event = await buildAxisEvent(read, { renderer });
    const res = await push(event);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { status: string; id: string };
    expect(answer.status).toBe("stored");

    const row = await t.prisma.detection.findFirstOrThrow({ where: { id: BigInt(answer.id) } });
    expect(row).toMatchObject({
      plate: read.plate,
      plateNormalized: read.plate.toUpperCase(),
      plateState: read.state,
      make: read.vehicle.make,
      timestamp: new Date(read.capturedAt),
      cameraName: hartfordCamera.label,
      vendorEventId: `${event.camera_info.SerialNumber}:${event.carID}:${event.capture_timestamp}`,
    });
    expect(row.plateX2! - row.plateX1!).toBe(event.plateCoordinates[2]);
    expect((row.raw as Record<string, unknown>).image).toBeUndefined(); // pictures are files, not JSON
    expect(await filesUnder(imagesDir())).toHaveLength(2);

    const search = await t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
      payload: {
        plate: read.plate.toLowerCase(),
        justification: "Case 2026-200: ingest check",
        start_time: new Date(read.capturedAt - 1000).toISOString(),
        end_time: new Date(read.capturedAt + 1000).toISOString(),
        agencies: [hartfordCamera.identifier],
      },
    });
    expect(search.statusCode).toBe(200);
    expect(JSON.parse(search.headers[SEARCH_SOURCES_HEADER] as string)).toContainEqual(
      expect.objectContaining({ source: "Axis", status: "ok", count: 1 }),
    );
    const [result] = search.json<TSearchResult[]>();
    expect(result).toMatchObject({
      id: `axis-${answer.id}`,
      source_program: "Axis",
      axis_path: row.imagePath,
    });

    const image = async (persona: Persona, url: string) =>
      t.app.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${await mintToken(t, subjects[persona])}` },
      });
    for (const url of [
      result!.vehicle_image_src!,
      result!.plate_image_src!,
      `/axis/proxy-detection-image?id=${result!.id}`,
    ]) {
      const ok = await image("investigator", url);
      expect(ok.statusCode, url).toBe(200);
      expect(ok.headers["content-type"]).toBe("image/jpeg");
      expect(ok.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect((await image("otherAgencyAdmin", url)).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: "GET", url: result!.vehicle_image_src! })).statusCode).toBe(401);
    const traversal = await image("investigator", "/proxy-axis-image?path=../../etc/passwd");
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });

  it("keeps one row for a repeated read, even pushed many times at once", async () => {
    const event = await buildAxisEvent(readOf(hartfordCamera.identifier, 1), { renderer });
    const before = { rows: await countRows(), files: (await filesUnder(imagesDir())).length };
    const results = await Promise.all(Array.from({ length: 8 }, () => push(event)));
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    const ids = new Set(
      await Promise.all(results.map(async (res) => ((await res.json()) as { id: string }).id)),
    );
    expect(ids.size).toBe(1);
    expect(await countRows()).toBe(before.rows + 1);
    expect((await filesUnder(imagesDir())).length).toBe(before.files + 2);
  });

  it("answers 400 to a malformed event and changes nothing", async () => {
    const good = await buildAxisEvent(readOf(hartfordCamera.identifier, 2), { renderer });
    const before = { rows: await countRows(), files: (await filesUnder(imagesDir())).length };
    const malformed: [string, unknown][] = [
      ["no plate", { ...good, plateText: undefined }],
      ["no time", { ...good, capture_timestamp: "yesterday" }],
      ["no camera", { ...good, camera_info: {} }],
      ["confidence out of range", { ...good, plateConfidence: "7.5" }],
      ["a picture that is not one", { ...good, image: Buffer.from("<svg/>").toString("base64") }],
      ["a plate crop that is not one", { ...good, plateImage: "bm90IGFuIGltYWdl" }],
      ["not an object", [good]],
    ];
    for (const [name, event] of malformed) {
      const res = await push(event);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, name).toBe("VALIDATION_FAILED");
      expect(body.error.message.length, name).toBeGreaterThan(5);
    }
    const broken = await fetch(urlOf(hartfordCamera.identifier), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${hartfordCamera.ingestToken}` },
      body: '{"plateText": "AB',
    });
    expect(broken.status).toBe(400);
    expect(await countRows()).toBe(before.rows);
    expect((await filesUnder(imagesDir())).length).toBe(before.files);
  });

  it("answers 413 to an oversize event and changes nothing", async () => {
    const event: AxisLpvEvent = await buildAxisEvent(readOf(hartfordCamera.identifier, 3), { renderer });
    event.image = Buffer.alloc(500_000, 1).toString("base64");
    const before = await countRows();
    const res = await push(event);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await countRows()).toBe(before);
  });

  it("refuses a wrong token, another integration's token and an unknown integration alike", async () => {
    const event = await buildAxisEvent(readOf(hartfordCamera.identifier, 4));
    const before = await countRows();
    for (const attempt of [
      { token: "not-the-token" },
      { token: newHavenCamera.ingestToken },
      { identifier: "no-such-camera" },
    ]) {
      const res = await push(event, attempt);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    }
    const noToken = await fetch(urlOf(hartfordCamera.identifier), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(noToken.status).toBe(401);
    expect(await countRows()).toBe(before);
  });

  it("stores a batch pushed the way cameras push, without losing or doubling a read", async () => {
    const batch = await Promise.all(
      reads
        .filter((read) => read.camera.integration.identifier === newHavenCamera.identifier)
        .slice(0, 40)
        .map((read) => buildAxisEvent(read)),
    );
    const before = await countRows();
    const result = await pushAxisEvents(
      urlOf(newHavenCamera.identifier),
      newHavenCamera.ingestToken,
      [...batch, ...batch],
      {
        concurrency: 8,
      },
    );
    expect(result.failed).toBe(0);
    expect(await countRows()).toBe(before + 40);
  });

  it("purges reads older than the retention period with their pictures", async () => {
    // A read of no hotlisted plate: a read an alert points at is kept while the alert exists (issue 17.6,
    // alert-retention.test.ts).
    const listed = new Set(
      DEMO_AGENCIES.flatMap((agency) =>
        agency.hotlist.plates.map(({ plateNumber }) => plateNumber.replace(/[\s-]/g, "").toUpperCase()),
      ),
    );
    const old = reads
      .filter((read) => read.camera.integration.identifier === hartfordCamera.identifier)
      .slice(5)
      .find((read) => !listed.has(read.plate.replace(/[\s-]/g, "").toUpperCase()))!;
    const event = await buildAxisEvent(old, { renderer });
    event.capture_timestamp = String(now - 40 * DAY);
    expect((await push(event)).status).toBe(201);
    const oldRow = await t.prisma.detection.findFirstOrThrow({
      where: { timestamp: new Date(now - 40 * DAY) },
    });
    const filesBefore = await filesUnder(imagesDir());
    const rowsBefore = await countRows();

    const purged = await purgeExpiredDetections({
      prisma: t.prisma,
      images: createImageStore(imagesDir()),
      retentionDays: 30,
      batchSize: 1,
    });
    expect(purged).toBe(1);
    expect(await countRows()).toBe(rowsBefore - 1);
    expect(await t.prisma.detection.findFirst({ where: { id: oldRow.id } })).toBeNull();
    const filesAfter = await filesUnder(imagesDir());
    expect(filesAfter).toHaveLength(filesBefore.length - 2);
    expect(filesAfter.some((file) => file.endsWith(oldRow.imagePath!.split("/").pop()!))).toBe(false);
  });

  it("keeps each agency's reads for its own retention, and the default where it has none", async () => {
    const hartford = await t.prisma.agency.findUniqueOrThrow({ where: { code: "HPD" } });
    // A plate on no hotlist: a read an alert points at is kept past retention (alert-retention.test.ts),
    // and the generated reads' plates change with the day the test runs (one was on a hotlist on
    // 2026-11-26, so the read was rightly kept and this test failed).
    const read = { ...readOf(hartfordCamera.identifier, 6), plate: "RTN4Q7X" };
    const event = await buildAxisEvent(read, { renderer });
    event.capture_timestamp = String(now - 40 * DAY);
    expect((await push(event)).status).toBe(201);
    expect(await t.prisma.alert.count({ where: { plate: read.plate } })).toBe(0);
    const purge = () =>
      purgeExpiredDetections({ prisma: t.prisma, images: createImageStore(imagesDir()), retentionDays: 30 });
    await t.prisma.agency.update({ where: { id: hartford.id }, data: { retentionDays: 60 } });
    expect(await purge()).toBe(0);
    await t.prisma.agency.update({ where: { id: hartford.id }, data: { retentionDays: null } });
    expect(await purge()).toBe(1);
  });
});
