import type { TRekorCamera, TSearchResult } from "@odin/contract";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyId, auditRows, caller } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas, type Persona } from "./tokens";

const NOW = Date.parse("2026-11-01T15:00:00Z");
const HOUR = 3_600_000;
const HARTFORD = "Hartford Police Department";

describe("camera management (spec 001 §7 Owner and cameras)", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, now: NOW });
    sim.dataset.rekor();
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } }));
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const cameras = async () => (await call("owner", "GET", "/rekor-cameras")).json<TRekorCamera[]>();

  it("GET /rekor-cameras lists every Rekor camera with its correction, agency and manual flag", async () => {
    const list = await cameras();
    expect(list.map((camera) => camera.camera_id).sort()).toEqual([1101, 1102, 2101, 2102, 3101, 3102]);
    expect(list.find((camera) => camera.camera_id === 1102)).toMatchObject({
      corrected_latitude: 41.7775,
      corrected_longitude: -72.698,
      agency_id: await agencyId(t, HARTFORD),
      is_manual: true,
    });
    expect(list.find((camera) => camera.camera_id === 1101)).toMatchObject({
      corrected_latitude: null,
      is_manual: false,
    });
    // Odin's own fields (issue 20): the reported position beside the correction, and the last read.
    for (const camera of list) {
      expect(camera).toHaveProperty("reported_latitude");
      expect(camera).toHaveProperty("reported_longitude");
      expect(camera).toHaveProperty("last_read_at");
      if (camera.last_read_at) expect(Number.isNaN(Date.parse(camera.last_read_at))).toBe(false);
    }
  });

  it("PATCH /rekor-cameras/{id} saves the correction, and searches then show it", async () => {
    const hartford = await agencyId(t, HARTFORD);
    const res = await call("owner", "PATCH", "/rekor-cameras/1101", {
      corrected_latitude: "41.7601",
      corrected_longitude: -72.6801,
      agency_id: String(hartford),
      is_manual: "true",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      camera_id: 1101,
      corrected_latitude: 41.7601,
      corrected_longitude: -72.6801,
      agency_id: hartford,
      is_manual: true,
    });
    const [audit] = await auditRows(t, "camera_edited");
    expect(audit!.detail).toMatchObject({
      camera_id: 1101,
      before: { corrected_latitude: null, corrected_longitude: null, agency_id: hartford, is_manual: false },
      after: {
        corrected_latitude: 41.7601,
        corrected_longitude: -72.6801,
        agency_id: hartford,
        is_manual: true,
      },
    });

    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: HARTFORD } });
    const search = await call("investigator", "POST", "/search-data", {
      justification: "Case 2026-410: camera correction",
      start_time: new Date(NOW - 24 * HOUR).toISOString(),
      end_time: new Date(NOW).toISOString(),
      agencies: [String(key.id)],
    });
    expect(search.statusCode, search.body).toBe(200);
    const camera = await t.prisma.rekorCamera.findFirstOrThrow({ where: { cameraId: "1101" } });
    const fromCamera = search
      .json<TSearchResult[]>()
      .filter((result) => result.camera_name === camera.cameraName);
    expect(fromCamera.length).toBeGreaterThan(0);
    for (const result of fromCamera) expect([result.latitude, result.longitude]).toEqual([41.7601, -72.6801]);

    // Blank values clear the correction and the agency; the reported position is shown again.
    const cleared = await call("owner", "PATCH", "/rekor-cameras/1101", {
      corrected_latitude: "",
      corrected_longitude: null,
      agency_id: "",
      is_manual: false,
    });
    expect(cleared.json()).toMatchObject({
      corrected_latitude: null,
      corrected_longitude: null,
      agency_id: null,
    });
  });

  it("validates the ranges, both coordinates together, the agency and the camera", async () => {
    const body = { corrected_latitude: 41.5, corrected_longitude: -72.5, agency_id: null, is_manual: true };
    const before = await cameras();
    for (const [patch, field] of [
      [{ corrected_latitude: 90.5 }, "corrected_latitude"],
      [{ corrected_latitude: -91 }, "corrected_latitude"],
      [{ corrected_longitude: 180.01 }, "corrected_longitude"],
      [{ corrected_longitude: "east" }, "corrected_longitude"],
      [{ corrected_longitude: null }, "corrected_longitude"],
      [{ agency_id: 99999 }, "agency_id"],
    ] as const) {
      const res = await call("owner", "PATCH", "/rekor-cameras/1102", { ...body, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().error.details.map((detail: { path: string }) => detail.path)).toContain(field);
    }
    expect((await call("owner", "PATCH", "/rekor-cameras/999999", body)).statusCode).toBe(404);
    expect(await cameras()).toEqual(before);
  });

  it("is the owner's only", async () => {
    const before = await cameras();
    for (const persona of ["admin", "otherAgencyAdmin", "investigator", "hotlistAdmin"] as Persona[]) {
      expect((await call(persona, "GET", "/rekor-cameras")).statusCode).toBe(403);
      const res = await call(persona, "PATCH", "/rekor-cameras/1102", {
        corrected_latitude: 1,
        corrected_longitude: 1,
        agency_id: null,
        is_manual: true,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await cameras()).toEqual(before);
  });
});
