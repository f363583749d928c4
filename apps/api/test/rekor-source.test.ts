import { SEARCH_SOURCES_HEADER, ZSearchResult, type TSearchResult, type TSourceStatus } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { builtInSubject } from "../src/identity/built-in-provider";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const NOW = Date.parse("2026-11-01T15:00:00Z");
const HOUR = 3_600_000;
const DEMO_KEYS = DEMO_AGENCIES.map((agency) => agency.rekor.apiKey);
const HARTFORD = "Hartford Police Department";

/** Every person of the demo seed by username, signed in through the built-in provider's subject. */
async function tokenFor(t: TestApp, username: string): Promise<string> {
  const user = await t.prisma.user.findUniqueOrThrow({ where: { username } });
  return mintToken(t, builtInSubject(user.id));
}

async function rekorKeyId(t: TestApp, agencyName: string): Promise<number> {
  return (await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName } })).id;
}

function searchAs(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/search-data",
    headers: { authorization: `Bearer ${token}` },
    payload: {
      justification: "Case 2026-207: Rekor check",
      start_time: new Date(NOW - 24 * HOUR).toISOString(),
      end_time: new Date(NOW).toISOString(),
      ...body,
    },
  });
}

const rekorStatus = (headers: Record<string, unknown>): TSourceStatus | undefined =>
  (JSON.parse(headers[SEARCH_SOURCES_HEADER] as string) as TSourceStatus[]).find(
    (status) => status.source === "Rekor",
  );

describe("Rekor source, against the Rekor simulator", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let investigator: string;
  let hartfordKey: number;

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, now: NOW });
    sim.dataset.rekor(); // generate the reads now, not inside the first search
    t = await buildTestApp();
    await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
    investigator = await tokenFor(t, "hartford.investigator");
    hartfordKey = await rekorKeyId(t, HARTFORD);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const search = (body: Record<string, unknown>, token = investigator) => searchAs(t, token, body);

  it("finds the agency's Rekor reads with every field of the contract, newest first", async () => {
    const res = await search({ agencies: [String(hartfordKey)] });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<TSearchResult[]>();
    expect(rekorStatus(res.headers)).toMatchObject({ status: "ok", count: results.length });
    expect(results.length).toBeGreaterThan(5);
    const times = results.map((result) => Date.parse(result.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((time) => time >= NOW - 24 * HOUR && time <= NOW)).toBe(true);

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
      expect(ZSearchResult.strict().safeParse(result).success).toBe(true);
      expect(result).toMatchObject({
        id: expect.stringMatching(new RegExp(`^rekor-${hartfordKey}-\\d+$`)),
        source_program: "Rekor",
        agency: HARTFORD,
        agent_uid: "demo-agent-hartford",
        image_uuid: expect.stringMatching(/^demo-agent-hartford-/),
        api_key: expect.stringMatching(/^oh1\./),
        vehicle_image_src: expect.stringMatching(/^\/proxy-rekor-image\?/),
        plate_image_src: null,
        image_path: null,
        axis_path: null,
      });
      expect(result.rekor_api_key).toBe(result.api_key);
      for (const corner of ["plate_x1", "plate_y1", "plate_x3", "plate_y3"] as const)
        expect(result[corner]).toEqual(expect.any(Number));
    }
    // Names and positions come from Odin's camera table; camera 1102's hand correction wins.
    const byCamera = new Map(results.map((result) => [result.camera_name, result]));
    expect(byCamera.get("Main St at Pratt St")).toMatchObject({ latitude: 41.7658, longitude: -72.6734 });
    expect(byCamera.get("Albany Ave at Woodland St")).toMatchObject({
      latitude: 41.7775,
      longitude: -72.698,
    });
    expect(results.every((result) => /^[A-Z]{2}$/.test(result.plate_state ?? ""))).toBe(true);
  });

  it("finds a plate every vendor reads, by its exact and its partial plate, with vehicle filters", async () => {
    const shared = sim.dataset.sharedPlates[0]!;
    const exact = await search({ plate: shared.plate, match: "exact", agencies: [String(hartfordKey)] });
    const found = exact.json<TSearchResult[]>();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((result) => result.plate === shared.plate)).toBe(true);

    const partial = (
      await search({ plate: shared.plate.slice(1, -1).toLowerCase(), agencies: [String(hartfordKey)] })
    ).json<TSearchResult[]>();
    expect(partial.map((result) => result.id)).toEqual(
      expect.arrayContaining(found.map((result) => result.id)),
    );

    const first = found[0]!;
    const filtered = (
      await search({
        plate: shared.plate,
        agencies: [String(hartfordKey)],
        plate_state: first.plate_state!.toLowerCase(),
        vehicle_make: first.make!.toUpperCase(),
        vehicle_color: first.color,
        vehicle_body_type: first.body_type,
      })
    ).json<TSearchResult[]>();
    expect(filtered.map((result) => result.id)).toContain(first.id);
    const none = (
      await search({ plate: shared.plate, plate_state: "ZZ", agencies: [String(hartfordKey)] })
    ).json<TSearchResult[]>();
    expect(none).toEqual([]);
  });

  it("never answers a vendor key, in the body or the headers", async () => {
    const owner = await tokenFor(t, "owner");
    const res = await search({}, owner);
    expect(res.json<TSearchResult[]>().some((result) => result.agent_uid === "demo-agent-trooph")).toBe(true);
    for (const key of DEMO_KEYS) {
      expect(res.body).not.toContain(key);
      expect(JSON.stringify(res.headers)).not.toContain(key);
    }
  });

  it("reports a refused key as failed with a readable message, and keeps other keys' results", async () => {
    const original = await t.prisma.rekorApiKey.findUniqueOrThrow({ where: { id: hartfordKey } });
    await t.prisma.rekorApiKey.update({
      where: { id: hartfordKey },
      data: { apiKeyCiphertext: t.secrets.encrypt("wrong") },
    });
    try {
      const res = await search({ agencies: [String(hartfordKey)] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(rekorStatus(res.headers)).toMatchObject({
        status: "failed",
        count: 0,
        error: `Rekor (${HARTFORD}) refused Odin's credentials (401)`,
      });

      const owner = await tokenFor(t, "owner");
      const newHavenKey = await rekorKeyId(t, "New Haven Police Department");
      const partial = await search({ agencies: [String(hartfordKey), String(newHavenKey)] }, owner);
      const results = partial.json<TSearchResult[]>();
      expect(results.length).toBeGreaterThan(0);
      expect(new Set(results.map((result) => result.agency))).toEqual(
        new Set(["New Haven Police Department"]),
      );
      expect(rekorStatus(partial.headers)).toMatchObject({
        status: "partial",
        error: `Rekor (${HARTFORD}) refused Odin's credentials (401)`,
      });
    } finally {
      await t.prisma.rekorApiKey.update({
        where: { id: hartfordKey },
        data: { apiKeyCiphertext: original.apiKeyCiphertext },
      });
    }
  });

  describe("GET /proxy-rekor-image", () => {
    let result: TSearchResult;
    beforeAll(async () => {
      [result] = (await search({ agencies: [String(hartfordKey)] })).json<TSearchResult[]>() as [
        TSearchResult,
      ];
    });
    const image = (url: string, token: string | null = investigator) =>
      t.app.inject({
        method: "GET",
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const withQuery = (changes: Record<string, string>) => {
      const url = new URL(result.vehicle_image_src!, "http://odin.test");
      for (const [name, value] of Object.entries(changes)) url.searchParams.set(name, value);
      return `${url.pathname}${url.search}`;
    };

    it("answers the JPEG of a result through its handle, privately cached and not sniffable", async () => {
      const res = await image(result.vehicle_image_src!);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    });

    it("refuses a tampered handle as an expired link (403)", async () => {
      const handle = result.api_key!;
      const tampered = handle.slice(0, -2) + (handle.endsWith("AA") ? "BB" : "AA");
      const res = await image(withQuery({ api_key: tampered }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe("This image link has expired. Search again to see the image.");
    });

    it("answers 404 to another agency holding Hartford's handle, and for another agent's image", async () => {
      const newHaven = await tokenFor(t, "newhaven.investigator");
      const res = await image(result.vehicle_image_src!, newHaven);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Image not found." } });

      const elsewhere = sim.dataset
        .rekor()
        .find((read) => read.camera.agent.agentUid === "demo-agent-newhaven")!;
      const foreign = await image(withQuery({ agent_uid: "demo-agent-newhaven", image_uuid: elsewhere.id }));
      expect(foreign.statusCode).toBe(404);
    });

    it("refuses a request without a bearer token (401) and an image reference that is not one (400)", async () => {
      expect((await image(result.vehicle_image_src!, null)).statusCode).toBe(401);
      const bad = await image(withQuery({ image_uuid: "../../etc/passwd" }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe("VALIDATION_FAILED");
    });
  });
});

describe("Rekor source, when the simulator hangs", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let investigator: string;
  let hartfordKey: number;

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, now: NOW });
    t = await buildTestApp({ SEARCH_SOURCE_TIMEOUT_MS: "500" });
    await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
    investigator = await tokenFor(t, "hartford.investigator");
    hartfordKey = await rekorKeyId(t, HARTFORD);
  });
  afterEach(async () => {
    await fetch(`${sim.rekorUrl}/__sim/faults`, { method: "DELETE" });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("reports a timeout within the source's time limit", async () => {
    const hang = await fetch(`${sim.rekorUrl}/__sim/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hang: true }),
    });
    expect(hang.ok).toBe(true);
    // The simulator hangs for ever: that the search answers at all is the time limit at work (no
    // wall-clock bound, which would flake on a busy machine; the test's own timeout is the bound).
    const res = await searchAs(t, investigator, { agencies: [String(hartfordKey)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(rekorStatus(res.headers)).toMatchObject({ status: "timeout", count: 0 });
  });
});
