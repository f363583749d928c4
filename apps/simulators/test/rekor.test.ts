import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_REKOR_AGENTS } from "../src/demo-credentials";
import type { RekorSearchRow } from "../src/rekor/rekor.payload";
import { startSimulators, type RunningSimulators } from "../src/simulators";
import { jpegSize, NOW, REKOR_FIELD_TYPES, SEED } from "./helpers";

let sim: RunningSimulators;
const [hartford, newhaven] = DEMO_REKOR_AGENTS as [
  (typeof DEMO_REKOR_AGENTS)[0],
  (typeof DEMO_REKOR_AGENTS)[0],
];

beforeAll(async () => {
  sim = await startSimulators({ seed: SEED, now: NOW });
});
afterAll(async () => {
  await sim.close();
});

async function search(params: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim.rekorUrl}/api/search/plate?${new URLSearchParams(params).toString()}`);
  return { status: response.status, body: await response.json() };
}

async function rows(params: Record<string, string>): Promise<RekorSearchRow[]> {
  const { status, body } = await search({ api_key: hartford.apiKey, ...params });
  expect(status).toBe(200);
  return body as RekorSearchRow[];
}

describe("Rekor search", () => {
  it("finds a plate exactly, with Rekor's field names and types", async () => {
    const plate = sim.dataset.sharedPlates[8]!.plate;
    const found = await rows({ plate });
    const expected = sim.dataset
      .rekor()
      .filter((r) => r.plate === plate && r.camera.agent.apiKey === hartford.apiKey);
    expect(found.map((row) => row.fields.best_uuid)).toEqual(expected.map((read) => read.id));
    for (const row of found) {
      expect(row.model).toBe("openalpr_agent.alprgroup");
      expect(Number.isInteger(row.pk)).toBe(true);
      expect(Object.keys(row.fields).sort()).toEqual(Object.keys(REKOR_FIELD_TYPES).sort());
      for (const [name, type] of Object.entries(REKOR_FIELD_TYPES))
        expect(typeof row.fields[name as keyof typeof row.fields], name).toBe(type);
      const f = row.fields;
      expect(f.best_plate).toBe(plate);
      expect(f.agent_uid).toBe(hartford.agentUid);
      expect(f.region).toMatch(/^us-[a-z]{2}$/);
      expect(Number(f.best_confidence)).toBeGreaterThan(70);
      expect(f.epoch_time_end).toBeGreaterThan(f.epoch_time_start);
      expect(hartford.cameras.map((c) => Number(c.cameraId))).toContain(f.camera_id);
      // Corners clockwise from top-left, inside the image.
      expect(f.plate_x1).toBe(f.plate_x4);
      expect(f.plate_x2).toBe(f.plate_x3);
      expect(f.plate_y1).toBe(f.plate_y2);
      expect(f.plate_y3).toBe(f.plate_y4);
      expect(f.plate_x2).toBeLessThanOrEqual(f.img_width);
      expect(f.plate_y3).toBeLessThanOrEqual(f.img_height);
    }
    expect(found.length).toBeGreaterThan(0);
  });

  it("matches case-insensitively, ignores separators, and takes * and ? wildcards", async () => {
    const plate = "AK47281";
    const exact = await rows({ plate });
    expect(exact.length).toBeGreaterThan(0);
    expect(await rows({ plate: "ak 47281" })).toEqual(exact);
    // Exact, not a prefix: "AK472" is no plate (AK4728 is: a planted misread of AK47281).
    expect(await rows({ plate: "AK472" })).toEqual([]);
    const partial = await rows({ plate: "*4728*" });
    expect(partial.map((row) => row.fields.best_uuid)).toEqual(
      expect.arrayContaining(exact.map((r) => r.fields.best_uuid)),
    );
    expect((await rows({ plate: "A?47281" })).length).toBe(exact.length);
  });

  it("filters by time, limits with topn and orders newest or oldest first", async () => {
    const start = new Date(NOW - 7 * 86_400_000).toISOString();
    const end = new Date(NOW - 86_400_000).toISOString();
    const week = await rows({ start, end, topn: "5000" });
    expect(week.length).toBeGreaterThan(20);
    for (const row of week) {
      expect(row.fields.epoch_time_start).toBeGreaterThanOrEqual(Date.parse(start));
      expect(row.fields.epoch_time_start).toBeLessThanOrEqual(Date.parse(end));
    }
    const newest = await rows({ start, end, topn: "3" });
    expect(newest).toEqual(week.slice(0, 3));
    const oldest = await rows({ start, end, topn: "3", order: "asc" });
    expect(oldest).toEqual(week.slice(-3).reverse());
    // A time without a zone is UTC, as Rekor clients send it.
    expect(await rows({ start: start.slice(0, 19), end: end.slice(0, 19), topn: "5000" })).toHaveLength(
      week.length,
    );
    expect((await search({ api_key: hartford.apiKey, start: "yesterday" })).status).toBe(400);
  });

  it("filters by camera and site", async () => {
    const camera = hartford.cameras[1]!;
    const byCamera = await rows({ camera: camera.cameraId, topn: "50" });
    expect(byCamera.length).toBe(50);
    expect(new Set(byCamera.map((row) => row.fields.camera_id))).toEqual(new Set([Number(camera.cameraId)]));
    const bySite = await rows({ site: camera.siteName, topn: "50" });
    expect(bySite).toEqual(byCamera);
  });

  it("answers 401 JSON to a missing or unknown key, and shows each key only its own agent", async () => {
    for (const params of [{}, { api_key: "nope" }] as Record<string, string>[]) {
      const { status, body } = await search({ plate: "AK47281", ...params });
      expect(status).toBe(401);
      expect(body).toEqual({ detail: expect.any(String) });
    }
    const { body } = await search({ api_key: newhaven.apiKey, topn: "2000" });
    const agents = new Set((body as RekorSearchRow[]).map((row) => row.fields.agent_uid));
    expect(agents).toEqual(new Set([newhaven.agentUid]));
  });
});

describe("Rekor images", () => {
  const imageUrl = (agent: string, uuid: string, key: string, extra = "") =>
    `${sim.rekorUrl}/img/${agent}/${uuid}?api_key=${key}${extra}`;

  it("serves the read's JPEG at img_width x img_height, the plate corners inside it", async () => {
    const [row] = await rows({ plate: "AK47281", topn: "1" });
    const f = row!.fields;
    const response = await fetch(imageUrl(f.agent_uid, f.best_uuid, hartford.apiKey));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const size = await jpegSize(await response.arrayBuffer());
    expect(size).toEqual({ format: "jpeg", width: f.img_width, height: f.img_height });
    for (const [x, y] of [
      [f.plate_x1, f.plate_y1],
      [f.plate_x2, f.plate_y2],
      [f.plate_x3, f.plate_y3],
      [f.plate_x4, f.plate_y4],
    ]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(size.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(size.height);
    }
    const crop = await fetch(
      imageUrl(f.agent_uid, f.best_uuid, hartford.apiKey, "&x=10&y=20&width=120&height=60"),
    );
    expect(await jpegSize(await crop.arrayBuffer())).toMatchObject({ width: 120, height: 60 });
    const half = await fetch(imageUrl(f.agent_uid, f.best_uuid, hartford.apiKey, "&x=10&y=20"));
    expect(half.status).toBe(400);
  });

  it("answers 401 to a bad key and 404 to an unknown image or another agent's", async () => {
    const read = sim.dataset.rekor().find((r) => r.camera.agent.agentUid === hartford.agentUid)!;
    expect((await fetch(imageUrl(hartford.agentUid, read.id, "nope"))).status).toBe(401);
    expect((await fetch(imageUrl(hartford.agentUid, "no-such-uuid", hartford.apiKey))).status).toBe(404);
    expect((await fetch(imageUrl(hartford.agentUid, read.id, newhaven.apiKey))).status).toBe(404);
    expect((await fetch(imageUrl(newhaven.agentUid, read.id, newhaven.apiKey))).status).toBe(404);
  });
});
