import {
  parseSearchSourcesHeader,
  SEARCH_SOURCES_HEADER,
  ZSearchResult,
  type TSearchResult,
} from "@odin/contract";
import { DEMO_AXON_CLIENT, startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAxonSource } from "../src/sources/axon/axon.source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import { createImageHandles } from "../src/sources/image-handle";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-21T14:00:00.000Z");
const FORBIDDEN = "Odin only fetches images from configured Axon integrations.";

describe("Axon source", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  /** Token requests the simulator received, seen on its HTTP server (it keeps no counter). */
  let tokenCalls = 0;

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, now: NOW, axonTokenTtlSeconds: 600 });
    sim.axon.server.on("request", (request: { method?: string; url?: string }) => {
      if (request.method === "POST" && request.url === "/api/oauth2/token") tokenCalls++;
    });
    t = await buildTestApp();
    await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
  });
  afterEach(async () => {
    await fetch(`${sim.axonUrl}/__sim/faults`, { method: "DELETE" });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const bearer = async (app: TestApp, username: string) => {
    const user = await app.prisma.user.findUniqueOrThrow({ where: { username } });
    return `Bearer ${await mintToken(app, user.idpSubject!)}`;
  };

  const search = async (username: string, body: Record<string, unknown> = {}, app = t) => {
    const res = await app.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: await bearer(app, username) },
      payload: {
        justification: "Case 2026-114: stolen vehicle",
        start_time: new Date(NOW - 24 * HOUR).toISOString(),
        end_time: new Date(NOW).toISOString(),
        agencies: [sim.axonUrl],
        ...body,
      },
    });
    const axon = parseSearchSourcesHeader(res.headers[SEARCH_SOURCES_HEADER] as string).find(
      (status) => status.source === "Axon",
    );
    return { res, axon, results: res.statusCode === 200 ? res.json<TSearchResult[]>() : [] };
  };

  /** What the simulator holds for the searched day, newest first. */
  const simulatedDay = () =>
    sim.dataset
      .axon()
      .filter((read) => read.capturedAt >= NOW - 24 * HOUR && read.capturedAt <= NOW)
      .sort((a, b) => b.capturedAt - a.capturedAt);

  it("answers an investigator of the owning agency with every contract field, newest first", async () => {
    const { res, axon, results } = await search("hartford.investigator");
    expect(res.statusCode, res.body).toBe(200);
    expect(axon).toMatchObject({ status: "ok", count: results.length });
    expect(results.map((result) => result.id)).toEqual(simulatedDay().map((read) => `axon-${read.id}`));
    // Present only when they apply: match_reason (a Similar match that is not the plate typed, none here:
    // no plate), absurd_date (a camera clock gone wrong), hotlists (the plate is on an active group of the
    // caller's agency: some demo plates are, and every searcher sees them since issue 40).
    const fields = Object.keys(ZSearchResult.shape)
      .filter((field) => !["match_reason", "absurd_date", "hotlists"].includes(field))
      .sort();
    for (const result of results) {
      expect(
        Object.keys(result)
          .filter((field) => field !== "hotlists")
          .sort(),
      ).toEqual(fields);
      expect(ZSearchResult.parse(result)).toEqual(result);
    }
    expect(results[0]).toMatchObject({
      source_program: "Axon",
      agency: "Hartford Police Department",
      base_url: sim.axonUrl,
      image_path: expect.stringMatching(/^\/api\/alpr\/v1\/reads\/.+\/image$/),
      plate_image_url: expect.stringMatching(new RegExp(`^${sim.axonUrl}/api/alpr/v1/reads/.+/plate-image$`)),
      vehicle_image_src: expect.stringMatching(/^\/proxy-axon-image\?url=/),
      plate_image_src: expect.stringMatching(/^\/proxy-axon-plate-image\?url=/),
      agent_uid: null,
      api_key: null,
      rekor_api_key: null,
      plate_x1: null,
    });
    expect(res.body).not.toContain(DEMO_AXON_CLIENT.clientSecret);
    expect(JSON.stringify(res.headers)).not.toContain(DEMO_AXON_CLIENT.clientSecret);
  });

  it("searches plates at the vendor and filters colour, make and body type in memory", async () => {
    const all = (await search("hartford.investigator")).results;
    const plate = all[0]!.plate;
    const byPlate = await search("hartford.investigator", { plate: plate.slice(1, 5).toLowerCase() });
    expect(byPlate.results.map((result) => result.plate)).toContain(plate);
    expect(byPlate.results.every((result) => result.plate.includes(plate.slice(1, 5)))).toBe(true);

    const { make, color, body_type: bodyType } = all.find((result) => result.color === "Silver/Gray")!;
    const filtered = await search("hartford.investigator", {
      vehicle_color: "silver/gray",
      vehicle_make: make,
      vehicle_body_type: bodyType,
    });
    expect(filtered.results.map((result) => result.id)).toEqual(
      all
        .filter((result) => result.color === color && result.make === make && result.body_type === bodyType)
        .map((result) => result.id),
    );
  });

  it("lets an authorized agency search the integration, and not a blacklisted one", async () => {
    const newHaven = await search("newhaven.investigator");
    expect(newHaven.axon).toMatchObject({ status: "ok" });
    expect(newHaven.results.length).toBeGreaterThan(0);
    expect(newHaven.results.every((result) => result.source_program === "Axon")).toBe(true);

    const troopH = await search("trooph.investigator");
    expect(troopH.res.statusCode).toBe(200);
    expect(troopH.axon?.status).toBe("skipped");
    expect(troopH.results.filter((result) => result.source_program === "Axon")).toEqual([]);
  });

  it("reuses one token across searches and renews it once when the vendor revokes it", async () => {
    await fetch(`${sim.axonUrl}/__sim/tokens`, { method: "DELETE" });
    const before = tokenCalls;
    const first = await search("hartford.investigator");
    expect(first.axon).toMatchObject({ status: "ok" });
    expect(first.results.length).toBeGreaterThan(0);
    expect(tokenCalls - before).toBe(1);
    await search("hartford.investigator");
    await search("newhaven.investigator");
    expect(tokenCalls - before).toBe(1);
  });

  it("asks for one token for concurrent searches of a fresh cache", async () => {
    const source = createAxonSource({
      prisma: t.prisma,
      secrets: t.secrets,
      handles: createImageHandles("test-handles"),
    });
    const [target] = (await source.searchable({ agency: "all" })).values();
    const query = {
      plate: toPlatePattern(undefined),
      plateState: undefined,
      color: undefined,
      make: undefined,
      bodyType: undefined,
      start: new Date(NOW - 24 * HOUR),
      end: new Date(NOW),
      limit: 10,
    };
    const before = tokenCalls;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => source.search(query, [target!], AbortSignal.timeout(10_000))),
    );
    expect(tokenCalls - before).toBe(1);
    expect(answers.map((answer) => answer.length)).toEqual([10, 10, 10, 10]);
  });

  it("reports a wrong client secret as a failed source with a readable message", async () => {
    const integration = await t.prisma.axonIntegration.findFirstOrThrow();
    await t.prisma.axonIntegration.update({
      where: { id: integration.id },
      data: { clientSecretCiphertext: t.secrets.encrypt("not-the-secret") },
    });
    try {
      // The cached token would still work: make the vendor forget it so a new one is needed.
      await fetch(`${sim.axonUrl}/__sim/tokens`, { method: "DELETE" });
      const { res, axon, results } = await search("hartford.investigator");
      expect(res.statusCode).toBe(200);
      expect(results).toEqual([]);
      expect(axon).toMatchObject({
        status: "failed",
        error: "Axon (Hartford Police Department) refused Odin's credentials (401)",
      });
      expect(res.headers[SEARCH_SOURCES_HEADER]).not.toContain("not-the-secret");
    } finally {
      await t.prisma.axonIntegration.update({
        where: { id: integration.id },
        data: { clientSecretCiphertext: integration.clientSecretCiphertext },
      });
    }
  });

  it("reports a vendor that does not answer as a timeout", async () => {
    const slow = await buildTestApp({ SEARCH_SOURCE_TIMEOUT_MS: "500" });
    try {
      await seedPersonas(slow, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
      await fetch(`${sim.axonUrl}/__sim/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ hang: true }),
      });
      // Axon hangs for ever: answering at all, with "timeout", is the 500 ms limit at work.
      const { res, axon } = await search("hartford.investigator", {}, slow);
      expect(res.statusCode).toBe(200);
      expect(axon).toMatchObject({ status: "timeout", count: 0 });
    } finally {
      await slow.close();
    }
  });

  describe("image proxies", () => {
    const get = async (url: string, username: string | null = "hartford.investigator") =>
      t.app.inject({
        method: "GET",
        url,
        headers: username ? { authorization: await bearer(t, username) } : {},
      });
    const firstResult = async () => (await search("hartford.investigator")).results[0]!;
    const plateProxy = (url: string) => `/proxy-axon-plate-image?${new URLSearchParams({ url }).toString()}`;
    const imageProxy = (url: string, base: string) =>
      `/proxy-axon-image?${new URLSearchParams({ url, base_url: base }).toString()}`;

    it("answers a result's vehicle and plate images as JPEG", async () => {
      const result = await firstResult();
      for (const src of [result.vehicle_image_src!, result.plate_image_src!]) {
        const res = await get(src);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers["content-type"]).toBe("image/jpeg");
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      }
      // A base URL written with a trailing slash is the same integration.
      const slash = await get(imageProxy(result.image_path!, `${sim.axonUrl}/`));
      expect(slash.statusCode).toBe(200);
    });

    it("renews a revoked token for images too, and lets an authorized agency see them", async () => {
      const result = await firstResult();
      await fetch(`${sim.axonUrl}/__sim/tokens`, { method: "DELETE" });
      expect((await get(result.vehicle_image_src!)).statusCode).toBe(200);
      expect((await get(result.plate_image_src!, "newhaven.investigator")).statusCode).toBe(200);
    });

    it("refuses hosts and base URLs that are not an integration the caller may search", async () => {
      const result = await firstResult();
      const refused = [
        plateProxy("http://127.0.0.1:1/x"),
        plateProxy("http://169.254.169.254/latest/meta-data"),
        plateProxy(result.image_path!), // relative, and no base URL to resolve it against
        plateProxy(result.plate_image_url!.replace("http://", "http://odin:secret@")),
        plateProxy(result.plate_image_url!.replace("http://", "file://")),
        imageProxy("http://127.0.0.1:1/x", sim.axonUrl),
        imageProxy("http://169.254.169.254/latest", sim.axonUrl),
        imageProxy(result.image_path!, "http://169.254.169.254"),
        imageProxy(result.image_path!, sim.rekorUrl),
        imageProxy(result.image_path!, `${sim.axonUrl}/api`),
        imageProxy(result.image_path!, `${sim.axonUrl}?x=1`),
      ];
      for (const url of refused) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ error: { code: "FORBIDDEN", message: FORBIDDEN } });
      }
      // Troop H is blacklisted: Hartford's Axon host is not one of its integrations.
      expect((await get(result.vehicle_image_src!, "trooph.investigator")).statusCode).toBe(403);
    });

    it("answers 404 for an unknown read and 401 without a bearer token", async () => {
      const missing = await get(imageProxy("/api/alpr/v1/reads/no-such-read/image", sim.axonUrl));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe("Image not found.");
      const result = await firstResult();
      expect((await get(result.vehicle_image_src!, null)).statusCode).toBe(401);
      expect((await get(result.plate_image_src!, null)).statusCode).toBe(401);
    });
  });
});
