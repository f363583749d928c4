import type { IncomingHttpHeaders } from "node:http";
import { DEFAULT_MAP_SETTINGS } from "@odin/contract";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MAP_ATTRIBUTION, loadConfig, withDemoServices } from "../src/config/env";
import { formatAddress, reverseUrl } from "../src/modules/geocode/reverse-geocoder";
import { tileSources } from "../src/plugins/security";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

interface UpstreamRequest {
  url: string;
  headers: IncomingHttpHeaders;
}

/** The demo Rekor camera "Main St at Pratt St", downtown Hartford. */
const HARTFORD = { lat: 41.7658, lon: -72.6734 };

describe("GET /geocode/reverse with the maps simulator", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let subjects: Record<Persona, string>;
  const upstream: UpstreamRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;

  beforeAll(async () => {
    sim = await startSimulators({ rekorReadsPerAgent: 10, axonReads: 10 });
    sim.maps.server.on("request", (request, response) => {
      if (request.url?.startsWith("/__sim/")) return;
      upstream.push({ url: request.url ?? "", headers: request.headers });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      response.once("close", () => inFlight--);
    });
    t = await buildTestApp({
      REVERSE_GEOCODE_URL: sim.mapsUrl,
      MAP_TILE_URL_DARK: `${sim.mapsUrl}/tiles/dark/{z}/{x}/{y}.png`,
      MAP_TILE_URL_LIGHT: `${sim.mapsUrl}/tiles/light/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: "Test tiles",
      MAP_MAX_ZOOM: "18",
    });
    subjects = await seedPersonas(t);
  });
  afterEach(async () => {
    await fetch(`${sim.mapsUrl}/__sim/faults`, { method: "DELETE" });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const lookup = async (query: string, persona: Persona = "investigator") =>
    t.app.inject({
      method: "GET",
      url: `/geocode/reverse?${query}`,
      headers: { authorization: `Bearer ${await mintToken(t, subjects[persona])}` },
    });

  const setFaults = (faults: object) =>
    fetch(`${sim.mapsUrl}/__sim/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(faults),
    });

  it("answers the nearest address of a Hartford point, asking the service as Odin", async () => {
    const before = upstream.length;
    const res = await lookup(`lat=${HARTFORD.lat}&lon=${HARTFORD.lon}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatch(/^\d+ Main Street, Hartford, Connecticut$/);
    expect(res.headers["cache-control"]).toBe("no-store");

    expect(upstream.length).toBe(before + 1);
    const sent = upstream.at(-1)!;
    const url = new URL(sent.url, sim.mapsUrl);
    expect(url.pathname).toBe("/reverse");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: "41.76580",
      lon: "-72.67340",
      format: "jsonv2",
      zoom: "18",
      addressdetails: "1",
    });
    expect(sent.headers["user-agent"]).toBe("Odin LPR (self-hosted)");
    expect(sent.headers["accept-language"]).toBe("en");
    // Never the user's identity.
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers.cookie).toBeUndefined();
  });

  it("answers a repeated lookup (the same point to about 1 m) from its cache", async () => {
    const first = await lookup("lat=41.7603&lon=-72.6818");
    const count = upstream.length;
    const again = await lookup("lat=41.760301&lon=-72.681799", "admin");
    expect(again.json()).toEqual(first.json());
    expect(first.json().address).toContain("Park Street, Hartford");
    expect(upstream.length).toBe(count);
  });

  it("answers null where the service has no address (the Atlantic), and remembers the miss", async () => {
    const res = await lookup("lat=40.5&lon=-71.5");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: null });
    expect(res.headers["cache-control"]).toBe("no-store");
    const count = upstream.length;
    expect((await lookup("lat=40.5&lon=-71.5")).json()).toEqual({ address: null });
    expect(upstream.length).toBe(count);
  });

  it("answers null within about 3 s when the service hangs", async () => {
    await setFaults({ hang: true });
    const started = performance.now();
    const res = await lookup("lat=41.714&lon=-72.652");
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: null });
    // It waited for the service until its timeout (3 s) and not much less; a loaded machine can only
    // make it later, and the test's own timeout bounds it from above.
    expect(elapsed).toBeGreaterThan(2500);
    // ...and then let the hanging request go (the service's connection is closed, not left open).
    await expect.poll(() => inFlight).toBe(0);
  });

  it("answers null when the service fails", async () => {
    await setFaults({ fail_rate: 1 });
    expect((await lookup("lat=41.307&lon=-72.9295")).json()).toEqual({ address: null });
  });

  it("lets at most two lookups reach the service at once", async () => {
    await setFaults({ latency_ms: 250 });
    inFlight = 0;
    maxInFlight = 0;
    const points = [41.71, 41.72, 41.73, 41.74, 41.75, 41.751].map((lat) => `lat=${lat}&lon=-72.7`);
    const answers = await Promise.all(points.map((query) => lookup(query)));
    for (const res of answers) expect(res.json().address).toMatch(/, Connecticut$/);
    expect(maxInFlight).toBeLessThanOrEqual(2);
    expect(maxInFlight).toBeGreaterThan(0);
  });

  it("refuses coordinates out of range or missing (400) and callers without a bearer (401)", async () => {
    const bad = await lookup("lat=95&lon=-72.6");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(bad.json().error.message).toContain("lat must be a number between -90 and 90");
    for (const query of ["lat=41.7", "lat=41.7&lon=181", "lat=abc&lon=-72.6", "lat=&lon=-72.6"]) {
      expect((await lookup(query)).statusCode, query).toBe(400);
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/geocode/reverse?lat=41.7&lon=-72.6" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives the web app the map settings in its runtime configuration", async () => {
    const res = await t.app.inject({ method: "GET", url: "/app-config.js" });
    const json = /^window\.__ODIN_CONFIG__ = (.*);\n$/s.exec(res.body)?.[1];
    expect(JSON.parse(json!).map).toEqual({
      darkTileUrl: `${sim.mapsUrl}/tiles/dark/{z}/{x}/{y}.png`,
      lightTileUrl: `${sim.mapsUrl}/tiles/light/{z}/{x}/{y}.png`,
      attribution: "Test tiles",
      maxZoom: 18,
    });
  });

  it("lets the page load images from the tile server's origin, and from no other", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    const imgSrc = String(res.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.trim().startsWith("img-src"))!
      .trim();
    expect(imgSrc).toBe(`img-src 'self' data: blob: ${sim.mapsUrl}`);
    // The tiles themselves answer (a real tile server would be just as reachable).
    const tile = await fetch(`${sim.mapsUrl}/tiles/dark/9/152/190.png`);
    expect(tile.headers.get("content-type")).toBe("image/png");
  });
});

describe("GET /geocode/reverse with lookups off", () => {
  let t: TestApp;
  let subject: string;
  beforeAll(async () => {
    t = await buildTestApp({ REVERSE_GEOCODE_URL: "off" });
    subject = (await seedPersonas(t)).investigator;
  });
  afterAll(() => t?.close());

  it("answers null at once, and the default public tile servers are allowed", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/geocode/reverse?lat=${HARTFORD.lat}&lon=${HARTFORD.lon}`,
      headers: { authorization: `Bearer ${await mintToken(t, subject)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: null });
    expect(t.config.map).toEqual(DEFAULT_MAP_SETTINGS);
    expect(res.headers["content-security-policy"]).toContain(
      "img-src 'self' data: blob: https://*.basemaps.cartocdn.com https://*.tile.openstreetmap.org;",
    );
  });
});

describe("map and geocoding configuration", () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig(env, projectRoot);

  it("defaults to the public services, and demo mode points the unset ones at the maps simulator", () => {
    const config = load({});
    expect(config.map).toEqual(DEFAULT_MAP_SETTINGS);
    expect(config.geocode).toMatchObject({
      url: "https://nominatim.openstreetmap.org",
      userAgent: "Odin LPR (self-hosted)",
      cacheSize: 10_000,
      timeoutMs: 3000,
    });
    const demo = withDemoServices(config, { mapsUrl: "http://127.0.0.1:4103" });
    expect(demo.map).toEqual({
      darkTileUrl: "http://127.0.0.1:4103/tiles/dark/{z}/{x}/{y}.png",
      lightTileUrl: "http://127.0.0.1:4103/tiles/light/{z}/{x}/{y}.png",
      attribution: DEMO_MAP_ATTRIBUTION,
      maxZoom: DEFAULT_MAP_SETTINGS.maxZoom,
    });
    expect(demo.geocode.url).toBe("http://127.0.0.1:4103");
    expect(config.geocode.url).toBe("https://nominatim.openstreetmap.org"); // the input is left alone

    const configured = load({
      MAP_TILE_URL_DARK: "https://tiles.agency.example/dark/{z}/{x}/{y}.png",
      REVERSE_GEOCODE_URL: "off",
      REVERSE_GEOCODE_CACHE_SIZE: "50",
    });
    const kept = withDemoServices(configured, { mapsUrl: "http://127.0.0.1:4103" });
    expect(kept.map.darkTileUrl).toBe("https://tiles.agency.example/dark/{z}/{x}/{y}.png");
    expect(kept.map.lightTileUrl).toBe("http://127.0.0.1:4103/tiles/light/{z}/{x}/{y}.png");
    expect(kept.geocode).toMatchObject({ url: null, cacheSize: 50 });
  });

  it("names the variable when a map or geocoding setting is malformed", () => {
    expect(() => load({ MAP_TILE_URL_DARK: "https://tiles.example/dark.png" })).toThrow(
      "Configuration error: MAP_TILE_URL_DARK must be a tile URL template with {z}, {x} and {y}",
    );
    expect(() => load({ MAP_TILE_URL_LIGHT: "ftp://tiles.example/{z}/{x}/{y}.png" })).toThrow(
      "MAP_TILE_URL_LIGHT must be a tile URL template",
    );
    expect(() => load({ REVERSE_GEOCODE_URL: "nominatim.example" })).toThrow(
      "Configuration error: REVERSE_GEOCODE_URL must be the http(s) base URL of a Nominatim-compatible service, or off",
    );
    expect(() => load({ MAP_MAX_ZOOM: "30" })).toThrow("Configuration error: MAP_MAX_ZOOM");
    expect(() => load({ REVERSE_GEOCODE_CACHE_SIZE: "-1" })).toThrow(
      "Configuration error: REVERSE_GEOCODE_CACHE_SIZE",
    );
    expect(load({ REVERSE_GEOCODE_URL: "https://geo.example/nominatim/" }).geocode.url).toBe(
      "https://geo.example/nominatim",
    );
  });
});

describe("reverse-geocoding helpers", () => {
  it("builds the address from the parts present", () => {
    const full = { house_number: "242", road: "Main Street", city: "Hartford", state: "Connecticut" };
    expect(formatAddress(full)).toBe("242 Main Street, Hartford, Connecticut");
    expect(formatAddress({ road: "Interstate 91", town: "Wethersfield", state: "Connecticut" })).toBe(
      "Interstate 91, Wethersfield, Connecticut",
    );
    expect(formatAddress({ village: "Moodus", state: "Connecticut" })).toBe("Moodus, Connecticut");
    expect(formatAddress({ house_number: "9", town: "Berlin" })).toBe("Berlin");
    expect(formatAddress({ state: "Connecticut" })).toBeNull();
    expect(formatAddress(undefined)).toBeNull();
  });

  it("asks the service's /reverse, keeping a base path and query (an API key)", () => {
    expect(reverseUrl("https://nominatim.openstreetmap.org", "41.76580", "-72.67340").href).toBe(
      "https://nominatim.openstreetmap.org/reverse?lat=41.76580&lon=-72.67340&format=jsonv2&zoom=18&addressdetails=1",
    );
    expect(reverseUrl("https://geo.example/v1?key=abc", "1.00000", "2.00000").href).toBe(
      "https://geo.example/v1/reverse?key=abc&lat=1.00000&lon=2.00000&format=jsonv2&zoom=18&addressdetails=1",
    );
  });

  it("turns tile URL templates into CSP sources", () => {
    expect(
      tileSources([
        "https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png",
        "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
        "http://127.0.0.1:4103/tiles/dark/{z}/{x}/{y}.png",
        "http://127.0.0.1:4103/tiles/light/{z}/{x}/{y}.png",
        "https://tile-{s}.maps.example:8443/{z}/{x}/{y}.png",
        "https://{s}.org/{z}/{x}/{y}.png",
        "/tiles/{z}/{x}/{y}.png",
      ]),
    ).toEqual([
      "https://*.basemaps.cartocdn.com",
      "https://*.tile.openstreetmap.org",
      "http://127.0.0.1:4103",
      "https://*.maps.example:8443",
    ]);
  });
});
