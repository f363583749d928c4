import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AXIS_CAMERAS, REKOR_CAMERAS } from "../src/data/cameras";
import { TOWNS } from "../src/maps/geography";
import { mapsTileUrls } from "../src/maps/maps.app";
import { project, tileBounds, unproject } from "../src/maps/mercator";
import { reverseGeocode, roadOfLabel, type NominatimPlace } from "../src/maps/reverse";
import { TileRenderer } from "../src/maps/tiles";
import { startSimulators, type RunningSimulators } from "../src/simulators";
import { NOW, SEED } from "./helpers";

let sim: RunningSimulators;

beforeAll(async () => {
  sim = await startSimulators({ seed: SEED, now: NOW, rekorReadsPerAgent: 50, axonReads: 50 });
});
afterEach(async () => {
  await fetch(`${sim.mapsUrl}/__sim/faults`, { method: "DELETE" });
});
afterAll(async () => {
  await sim.close();
});

/** The tile that holds a point at zoom z. */
function tileOf(lat: number, lon: number, z: number): { x: number; y: number } {
  const [px, py] = project([lat, lon], z);
  return { x: Math.floor(px / 256), y: Math.floor(py / 256) };
}

const HARTFORD = { lat: 41.7658, lon: -72.6734 }; // Rekor camera "Main St at Pratt St"

describe("Web Mercator", () => {
  it("projects and unprojects consistently, tile 0/0/0 covering the world", () => {
    const [lat, lon] = unproject(project([41.7658, -72.6734], 12), 12);
    expect(lat).toBeCloseTo(41.7658, 9);
    expect(lon).toBeCloseTo(-72.6734, 9);
    const world = tileBounds(0, 0, 0);
    expect(world.west).toBe(-180);
    expect(world.east).toBe(180);
    expect(world.north).toBeCloseTo(85.0511, 4);
    // Hartford at zoom 9 is tile 152/190, as on any slippy map.
    expect(tileOf(HARTFORD.lat, HARTFORD.lon, 9)).toEqual({ x: 152, y: 190 });
  });
});

describe("map tiles", () => {
  const tileUrl = (style: string, z: number, x: number | string, y: number | string) =>
    `${sim.mapsUrl}/tiles/${style}/${z}/${x}/${y}.png`;

  it("answers a 256×256 PNG in both styles, and the styles differ", async () => {
    const { x, y } = tileOf(HARTFORD.lat, HARTFORD.lon, 10);
    const pngs: Buffer[] = [];
    for (const style of ["dark", "light"]) {
      const response = await fetch(tileUrl(style, 10, x, y));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toContain("max-age");
      const png = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(png).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: "png",
        width: 256,
        height: 256,
      });
      pngs.push(png);
    }
    expect(pngs[0]!.equals(pngs[1]!)).toBe(false);
    const [dark, light] = await Promise.all(pngs.map((png) => sharp(png).greyscale().stats()));
    expect(dark!.channels[0]!.mean).toBeLessThan(80);
    expect(light!.channels[0]!.mean).toBeGreaterThan(180);
  });

  it("renders the same bytes every time, from a cold renderer too", async () => {
    const { x, y } = tileOf(HARTFORD.lat, HARTFORD.lon, 12);
    const first = Buffer.from(await (await fetch(tileUrl("dark", 12, x, y))).arrayBuffer());
    const again = Buffer.from(await (await fetch(tileUrl("dark", 12, x, y))).arrayBuffer());
    const cold = await new TileRenderer().render("dark", 12, x, y);
    expect(again.equals(first)).toBe(true);
    expect(cold.equals(first)).toBe(true);
  });

  it("draws Connecticut in the data area and only background and graticule elsewhere", async () => {
    const renderer = new TileRenderer();
    const pixels = async (png: Buffer) =>
      new Set((await sharp(png).raw().toBuffer()).toString("hex").match(/.{8}/g));
    const inland = tileOf(HARTFORD.lat, HARTFORD.lon, 8);
    const busy = await pixels(await renderer.render("light", 8, inland.x, inland.y));
    const pacific = await pixels(await renderer.render("light", 8, 10, 100));
    expect(busy.size).toBeGreaterThan(50); // land, roads, labels, antialiasing
    expect(pacific.size).toBeLessThan(5); // background and the graticule
  });

  it("answers 404 for tiles that do not exist", async () => {
    const bad = [
      tileUrl("dark", 20, 0, 0), // beyond the highest zoom
      tileUrl("dark", 3, 8, 0), // x beyond 2^z - 1
      tileUrl("dark", 3, 0, 8),
      tileUrl("dark", -1, 0, 0),
      tileUrl("sepia", 3, 0, 0),
      tileUrl("dark", 3, "x", 0),
      `${sim.mapsUrl}/tiles/dark/3/0/0.jpg`,
      `${sim.mapsUrl}/tiles/dark/3/0`,
    ];
    for (const url of bad) expect((await fetch(url)).status, url).toBe(404);
  });

  it("renders a tile in well under 30 ms", async () => {
    const renderer = new TileRenderer();
    await renderer.render("dark", 8, 75, 95); // fonts and libvips warm up once per process
    const tiles: [number, number, number][] = [];
    for (const z of [9, 11, 13, 15, 16]) {
      const { x, y } = tileOf(HARTFORD.lat, HARTFORD.lon, z);
      tiles.push([z, x, y], [z, x + 1, y], [z, x, y + 1]);
    }
    const started = performance.now();
    for (const [z, x, y] of tiles) {
      await renderer.render("dark", z, x, y);
      await renderer.render("light", z, x, y);
    }
    const average = (performance.now() - started) / (tiles.length * 2);
    expect(average).toBeLessThan(30);
    expect(renderer.cachedTiles).toBe(tiles.length * 2 + 1);
  });

  it("gives Leaflet URL templates", () => {
    expect(mapsTileUrls("http://127.0.0.1:4103")).toEqual({
      dark: "http://127.0.0.1:4103/tiles/dark/{z}/{x}/{y}.png",
      light: "http://127.0.0.1:4103/tiles/light/{z}/{x}/{y}.png",
    });
  });
});

describe("reverse geocoding (Nominatim-compatible)", () => {
  const reverse = (query: string) => fetch(`${sim.mapsUrl}/reverse?${query}`);
  const place = async (query: string) => (await (await reverse(query)).json()) as NominatimPlace;

  it("answers a demo camera's point with its street, town, county and state", async () => {
    const response = await reverse(
      `lat=${HARTFORD.lat}&lon=${HARTFORD.lon}&format=jsonv2&zoom=18&addressdetails=1`,
    );
    expect(response.status).toBe(200);
    const found = (await response.json()) as NominatimPlace;
    expect(found).toMatchObject({
      lat: "41.7658000",
      lon: "-72.6734000",
      category: "building",
      address: {
        road: "Main Street",
        city: "Hartford",
        county: "Hartford County",
        state: "Connecticut",
        postcode: "06103",
        country: "United States",
        country_code: "us",
      },
    });
    expect(found.address?.house_number).toMatch(/^\d+$/);
    expect(found.display_name).toBe(
      `${found.address?.house_number}, Main Street, Hartford, Hartford County, Connecticut, 06103, United States`,
    );
    expect(typeof found.place_id).toBe("number");
  });

  it("gives the same address for the same point, and a town for the towns around", async () => {
    const first = await place("lat=41.7143&lon=-72.6526&format=jsonv2&zoom=18");
    const again = await place("lat=41.7143&lon=-72.6526&format=jsonv2&zoom=18");
    expect(again).toEqual(first);
    expect(first.address).toMatchObject({ road: "Interstate 91", town: "Wethersfield" });
    expect(first.address?.house_number).toBeUndefined(); // no house numbers on an interstate
  });

  it("answers every demo camera with a road and a town or city in Connecticut", () => {
    for (const camera of [...REKOR_CAMERAS, ...AXIS_CAMERAS]) {
      const found = reverseGeocode(camera.latitude, camera.longitude);
      expect("error" in found, camera.name).toBe(false);
      if ("error" in found) continue;
      expect(found.address?.road, camera.name).toBeTruthy();
      expect(found.address?.city ?? found.address?.town, camera.name).toBeTruthy();
      expect(found.address?.state).toBe("Connecticut");
    }
    expect(new Set(TOWNS.map((town) => town.name)).size).toBe(TOWNS.length);
  });

  it("answers Nominatim's error for a point in the Atlantic or outside Connecticut", async () => {
    expect(await (await reverse("lat=40.5&lon=-71.5&format=jsonv2&zoom=18")).json()).toEqual({
      error: "Unable to geocode",
    });
    expect(reverseGeocode(41.1, -72.9)).toEqual({ error: "Unable to geocode" }); // Long Island Sound
    expect(reverseGeocode(42.36, -71.06)).toEqual({ error: "Unable to geocode" }); // Boston
  });

  it("follows the zoom: 10 gives the town without a road", async () => {
    const town = await place(`lat=${HARTFORD.lat}&lon=${HARTFORD.lon}&format=jsonv2&zoom=10`);
    expect(town.address).toMatchObject({ city: "Hartford", state: "Connecticut" });
    expect(town.address?.road).toBeUndefined();
  });

  it("refuses bad coordinates and formats with a 400", async () => {
    for (const query of ["lon=-72.6", "lat=95&lon=-72.6", "lat=41&lon=abc", "lat=41&lon=-72&format=xml"]) {
      const response = await reverse(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 400 } });
    }
  });

  it("reads street names from camera labels", () => {
    expect(roadOfLabel("Albany Ave at Woodland St")).toBe("Albany Avenue");
    expect(roadOfLabel("I-84 WB at Exit 40")).toBe("Interstate 84");
    expect(roadOfLabel("Route 2 EB at Glastonbury")).toBe("Route 2");
    expect(roadOfLabel("Long Wharf Dr")).toBe("Long Wharf Drive");
    expect(roadOfLabel("Fleet 3 Unit 101 (Downtown)")).toBeUndefined();
  });

  it("honours the fault switch", async () => {
    await fetch(`${sim.mapsUrl}/__sim/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fail_rate: 1 }),
    });
    expect((await reverse(`lat=${HARTFORD.lat}&lon=${HARTFORD.lon}`)).status).toBe(503);
  });
});
