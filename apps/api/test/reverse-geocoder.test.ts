import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setOutboundPolicy } from "../src/lib/outbound-http";
import { createReverseGeocoder, type ReverseGeocoderOptions } from "../src/modules/geocode/reverse-geocoder";

/**
 * The geocoder's own cache and pace (lru-cache and p-queue, issue 16 item 4), against a local stand-in
 * of Nominatim. The cache's clock is the `now` option, moved by the test: no waiting for lifetimes.
 */
describe("the reverse geocoder's cache and pace", () => {
  let server: Server;
  let url: string;
  let reply: "address" | "nothing" | "fail" = "address";
  const started: number[] = [];

  beforeAll(async () => {
    setOutboundPolicy({ allowedPrivateHosts: ["127.0.0.1"] });
    server = createServer((_request, response) => {
      started.push(performance.now());
      if (reply === "fail") return void response.writeHead(500).end();
      const body =
        reply === "nothing"
          ? { error: "Unable to geocode" }
          : { address: { road: "Main Street", city: "Hartford" } };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  beforeEach(() => {
    started.length = 0;
    reply = "address";
  });

  const geocoder = (clock: { now: number }, extra: Partial<ReverseGeocoderOptions> = {}) =>
    createReverseGeocoder({
      url,
      userAgent: "Odin test",
      cacheSize: 2,
      timeoutMs: 3000,
      now: () => clock.now,
      ...extra,
    });

  it("keeps an address for its lifetime, a miss for five minutes and a failure for 30 s", async () => {
    const clock = { now: 1_000_000 };
    const g = geocoder(clock, { foundTtlMs: 60_000 });
    expect(await g.lookup(41.1, -72.1)).toBe("Main Street, Hartford");
    clock.now += 59_000;
    expect(await g.lookup(41.1, -72.1)).toBe("Main Street, Hartford");
    expect(started).toHaveLength(1);
    clock.now += 2_000;
    expect(await g.lookup(41.1, -72.1)).toBe("Main Street, Hartford");
    expect(started).toHaveLength(2);

    reply = "nothing";
    expect(await g.lookup(41.2, -72.2)).toBeNull();
    clock.now += 4 * 60_000;
    expect(await g.lookup(41.2, -72.2)).toBeNull();
    expect(started).toHaveLength(3);
    clock.now += 2 * 60_000;
    await g.lookup(41.2, -72.2);
    expect(started).toHaveLength(4);

    reply = "fail";
    expect(await g.lookup(41.3, -72.3)).toBeNull();
    clock.now += 29_000;
    expect(await g.lookup(41.3, -72.3)).toBeNull();
    expect(started).toHaveLength(5);
    clock.now += 2_000;
    await g.lookup(41.3, -72.3);
    expect(started).toHaveLength(6);
  });

  it("holds at most cacheSize points, forgetting the least recently used", async () => {
    const g = geocoder({ now: 0 });
    await g.lookup(41.1, -72.1);
    await g.lookup(41.2, -72.2);
    await g.lookup(41.1, -72.1); // used again: 41.2 is now the oldest
    await g.lookup(41.3, -72.3); // evicts 41.2
    expect(started).toHaveLength(3);
    await g.lookup(41.1, -72.1);
    expect(started).toHaveLength(3);
    await g.lookup(41.2, -72.2);
    expect(started).toHaveLength(4);
  });

  it("asks once for the same point asked many times at once", async () => {
    const g = geocoder({ now: 0 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => g.lookup(41.5, -72.5)));
    expect(new Set(answers)).toEqual(new Set(["Main Street, Hartford"]));
    expect(started).toHaveLength(1);
  });

  it("starts lookups at least the pace apart (the public Nominatim's one a second, shortened here)", async () => {
    const g = geocoder({ now: 0 }, { cacheSize: 0, minIntervalMs: 150, concurrency: 2 });
    const asked = performance.now();
    await Promise.all([41.61, 41.62, 41.63].map((lat) => g.lookup(lat, -72.6)));
    expect(started).toHaveLength(3);
    // The k-th lookup starts no sooner than k paces after the first could have, so it reaches the service
    // no sooner than that after the calls were made. Lower bounds only: a busy machine delays, never
    // hastens (arrival gaps between two lookups are not bounded: the first's request may arrive late).
    expect(started[1]! - asked).toBeGreaterThanOrEqual(150 - 2);
    expect(started[2]! - asked).toBeGreaterThanOrEqual(300 - 2);
  });
});
