import { createServer, type Server, type Socket } from "node:net";
import { ZMapSnapshotResponse } from "@odin/contract";
import { mapsTileUrls, startSimulators, type RunningSimulators } from "@odin/simulators";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOutboundPolicy } from "../src/lib/outbound-http";
import { createMapSnapshots, tileUrlOf, worldPixel } from "../src/modules/exports/map-snapshot";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const HARTFORD = { latitude: 41.7658, longitude: -72.6734 };

async function snapshotOf(t: TestApp, token: string, body: object = HARTFORD) {
  const started = performance.now();
  const res = await t.app.inject({
    method: "POST",
    url: "/generate-map-snapshot",
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) return { res, ms, png: undefined };
  const { map_data_uri: uri } = ZMapSnapshotResponse.parse(res.json());
  expect(uri).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64");
  return { res, ms, png };
}

/** The colour of one pixel. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe("POST /generate-map-snapshot, with the maps simulator's tiles", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let token: string;
  let tileRequests = 0;

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, mapsPort: 0 });
    sim.maps.server.on("request", () => void tileRequests++);
    t = await buildTestApp({ MAP_TILE_URL_LIGHT: mapsTileUrls(sim.mapsUrl).light });
    token = await mintToken(t, (await seedPersonas(t)).investigator);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("answers a 600 x 300 PNG of the map around the point with the marker on it", async () => {
    const { res, png } = await snapshotOf(t, token);
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 600, height: 300 });
    // The marker's red just above the point; the simulator's tiles around it, not the fallback's grey.
    const [red, green, blue] = await pixel(png!, 300, 150 - 15);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(90);
    expect(blue).toBeLessThan(90);
    expect(tileRequests).toBeGreaterThanOrEqual(6);
  });

  it("keeps tiles in memory: the same place again asks the tile server nothing", async () => {
    await snapshotOf(t, token, { latitude: 41.77, longitude: -72.68 });
    const asked = tileRequests;
    await snapshotOf(t, token, { latitude: 41.7701, longitude: -72.6801 });
    expect(tileRequests).toBe(asked);
  });

  it("validates the point and needs a signed-in user", async () => {
    expect((await snapshotOf(t, token, { latitude: 91, longitude: 0 })).res.statusCode).toBe(400);
    expect((await snapshotOf(t, token, { latitude: "x" })).res.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/generate-map-snapshot",
      payload: HARTFORD,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /generate-map-snapshot, when tiles cannot be fetched", () => {
  let t: TestApp;
  let token: string;
  let silent: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // A tile server that accepts connections and never answers: the worst case, a timeout.
    silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    t = await buildTestApp({ MAP_TILE_URL_LIGHT: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png` });
    token = await mintToken(t, (await seedPersonas(t)).investigator);
  });
  afterAll(async () => {
    await t?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("still answers a PNG: a light grid, the marker and the coordinates, within the tile timeout", async () => {
    const first = await snapshotOf(t, token);
    expect(first.res.statusCode).toBe(200);
    expect(await sharp(first.png).metadata()).toMatchObject({ format: "png", width: 600, height: 300 });
    // It gave up on the silent server at the tile timeout (3 s), not before: a lower bound only, since a
    // loaded machine makes it later, never earlier; the test's own timeout bounds it from above.
    expect(first.ms).toBeGreaterThanOrEqual(2900);
    const asked = sockets.size;
    expect(asked).toBeGreaterThan(0);
    const [red] = await pixel(first.png!, 300, 150 - 15);
    expect(red).toBeGreaterThan(150); // the marker
    expect(await pixel(first.png!, 5, 5)).toEqual([0xee, 0xf1, 0xf4]); // the light background

    // The tile server is known to be down: the next picture comes without asking it again (no new
    // connection), so without waiting for it.
    const next = await snapshotOf(t, token, { latitude: 41.3, longitude: -72.9 });
    expect(next.res.statusCode).toBe(200);
    expect(await pixel(next.png!, 5, 5)).toEqual([0xee, 0xf1, 0xf4]);
    expect(sockets.size).toBe(asked);
  });

  it("answers the fallback at once for a tile server that refuses connections", async () => {
    // A tile timeout of ten minutes, far beyond the test's own (30 s): a refused connection must not wait
    // for it, and a render that did would fail on the test's timeout. No wall-clock bound of its own,
    // which a loaded machine could break.
    setOutboundPolicy({ allowedPrivateHosts: ["127.0.0.1"] });
    const refused = createMapSnapshots({
      tileUrl: "http://127.0.0.1:9/tiles/{z}/{x}/{y}.png",
      maxZoom: 18,
      attribution: "Test tiles",
      publicUrl: "http://127.0.0.1",
      userAgent: "Odin test",
      tileTimeoutMs: 600_000,
    });
    const snapshot = await refused.render(HARTFORD.latitude, HARTFORD.longitude);
    expect(snapshot.complete).toBe(false);
    expect(await pixel(snapshot.image, 5, 5)).toEqual([0xee, 0xf1, 0xf4]); // the light background
  });
});

describe("tile arithmetic", () => {
  it("puts a point in world pixels as Web Mercator does", () => {
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    // Hartford's tile at zoom 15 by the OpenStreetMap wiki's slippy-map formula: 15/9769/12192.
    const { x, y } = worldPixel(HARTFORD.latitude, HARTFORD.longitude, 15);
    expect([Math.floor(x / 256), Math.floor(y / 256)]).toEqual([9769, 12192]);
  });

  it("fills Leaflet templates: {s} is a, {r} is dropped, paths are on Odin's origin", () => {
    expect(tileUrlOf("https://{s}.example/{z}/{x}/{y}{r}.png", 15, 1, 2, "http://odin").href).toBe(
      "https://a.example/15/1/2.png",
    );
    expect(tileUrlOf("/tiles/{z}/{x}/{y}.png", 3, 4, 5, "https://odin.example").href).toBe(
      "https://odin.example/tiles/3/4/5.png",
    );
  });
});
