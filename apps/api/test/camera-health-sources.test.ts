import type { TCameraHealth, TCameraHealthResponse, TRekorCamera, TSearchResult } from "@odin/contract";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordSearchedReads } from "../src/sources/rekor/rekor-search-reads.repository";
import { buildTestApp, type TestApp } from "./helpers";
import { callAs } from "./raven-helpers";
import { seedPersonas } from "./tokens";

const HOUR = 3_600_000;
const HARTFORD = "Hartford Police Department";

/** Issue 40 item 6: a Rekor camera's last read is also what searches have seen from it at Rekor. */
describe("camera health from every source: Rekor reads seen by a search", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  const now = Date.now();

  const rekorCameras = async () => {
    const res = await call("admin", "GET", "/camera-health");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TCameraHealthResponse>().cameras.filter((camera) => camera.source === "Rekor");
  };

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, now });
    sim.dataset.rekor();
    t = await buildTestApp();
    call = callAs(t, await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } }));
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("shows a Rekor camera seen only by a search with that search's newest read, not 'Never'", async () => {
    // The demo's Rekor cameras have never pushed: no heartbeat, no webhook read.
    const before = await rekorCameras();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((camera) => camera.last_read_at === null && camera.state === "waiting")).toBe(true);

    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: HARTFORD } });
    const res = await call("investigator", "POST", "/search-data", {
      justification: "Case 2026-406: camera health",
      start_time: new Date(now - 24 * HOUR).toISOString(),
      end_time: new Date(now).toISOString(),
      agencies: [String(key.id)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<TSearchResult[]>().filter((result) => result.source_program === "Rekor");
    expect(results.length).toBeGreaterThan(0);
    const newest = results[0]!; // newest first
    expect(newest.camera_name).not.toBeNull();

    // Written after the answer, not before it: wait for it.
    const seen = await vi.waitFor(
      async () => {
        const camera = (await rekorCameras()).find((item) => item.name === newest.camera_name);
        expect(camera?.last_read_at).not.toBeNull();
        return camera as TCameraHealth;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(Date.parse(seen.last_read_at!)).toBe(Date.parse(newest.timestamp));
    expect(seen.state).not.toBe("waiting");
    // The owner's camera list (GET /rekor-cameras) says the same, not "Never".
    const listed = (await call("owner", "GET", "/rekor-cameras"))
      .json<TRekorCamera[]>()
      .find((camera) => camera.camera_name === newest.camera_name);
    expect(listed?.last_read_at).toBe(seen.last_read_at);
  });

  it("keeps the newest of concurrent searches' reads: never moved backwards", async () => {
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: HARTFORD } });
    const camera = await t.prisma.rekorCamera.create({
      data: { rekorApiKeyId: key.id, cameraId: "880001", agentUid: "agent-880", agencyId: key.agencyId },
    });
    const read = (ago: number) => ({
      keyId: key.id,
      cameraId: "880001",
      agentUid: "agent-880",
      site: null,
      readAt: new Date(now - ago),
    });
    const stored = async () =>
      (await t.prisma.rekorCamera.findUniqueOrThrow({ where: { id: camera.id } })).lastReadInSearchAt;

    // Twenty searches at once, their answers' newest reads from 20 minutes to 1 minute ago.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => recordSearchedReads(t.prisma, [read((20 - index) * 60_000)])),
    );
    expect(await stored()).toEqual(new Date(now - 60_000));
    // A later search that saw only older reads (a narrower time range) changes nothing.
    expect(await recordSearchedReads(t.prisma, [read(2 * HOUR)])).toBe(0);
    expect(await stored()).toEqual(new Date(now - 60_000));
    // A camera clock in the future counts as now, so it cannot hide a silence to come.
    await recordSearchedReads(t.prisma, [read(-48 * HOUR)]);
    expect((await stored())!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("learns a camera Odin had not heard of from the search answer, under its key's agency", async () => {
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: HARTFORD } });
    await recordSearchedReads(t.prisma, [
      {
        keyId: key.id,
        cameraId: "880002",
        agentUid: "agent-880",
        site: "North lot",
        readAt: new Date(now - HOUR),
      },
    ]);
    const camera = (await rekorCameras()).find((item) => item.name === "North lot");
    expect(camera).toMatchObject({ agency_name: HARTFORD, last_read_at: new Date(now - HOUR).toISOString() });
  });
});
