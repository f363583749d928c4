import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, createDataset, ImageRenderer } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const camera = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!.axis[0]!;
const JOBS = [
  "detection-retention",
  "detection-partitions",
  "monthly-partitions",
  "expired-rows-purge",
  "search-snapshot-purge",
  "skeleton-index",
];

/**
 * Issue 21: ODIN_ROLE splits one Odin into processes a site scales apart, all on one database:
 * `ingest` takes the cameras' and vendors' pushes, `worker` runs the jobs, `api` the rest. Each is a
 * real app on the same test database; what a role does not run answers 404 (no route), not 401.
 */
describe("ODIN_ROLE: which routes and jobs a process runs", () => {
  let all: TestApp;
  let ingest: TestApp;
  let api: TestApp;
  let worker: TestApp;
  let subjects: Awaited<ReturnType<typeof seedPersonas>>;

  beforeAll(async () => {
    all = await buildTestApp();
    ingest = await buildTestApp({ ODIN_ROLE: "ingest" }, { replicaOf: all });
    api = await buildTestApp({ ODIN_ROLE: "api" }, { replicaOf: all });
    worker = await buildTestApp({ ODIN_ROLE: "worker" }, { replicaOf: all });
    subjects = await seedPersonas(all);
  });
  afterAll(async () => {
    for (const t of [worker, api, ingest]) await t?.close();
    await all?.close();
  });

  const searchStatus = async (t: TestApp) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/search-data",
        headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
        payload: {
          plate: "ABC123",
          justification: "Case 2026-21: role check",
          start_time: new Date(Date.now() - 3_600_000).toISOString(),
          end_time: new Date().toISOString(),
          agencies: [camera.identifier],
        },
      })
    ).statusCode;
  const axisPush = async (t: TestApp) => {
    const [read] = [...createDataset({ now: Date.now(), axisReads: 20 }).axis()].filter(
      (candidate) => candidate.camera.integration.identifier === camera.identifier,
    );
    const event = await buildAxisEvent(read!, { renderer: new ImageRenderer() });
    return t.app.inject({
      method: "POST",
      url: `/ingest/axis/${camera.identifier}`,
      headers: { authorization: `Bearer ${camera.ingestToken}` },
      payload: event,
    });
  };
  const status = async (t: TestApp, url: string, method: "GET" | "POST" = "GET") =>
    (await t.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) })).statusCode;

  it("every role answers /healthz", async () => {
    for (const t of [all, ingest, api, worker]) expect(await status(t, "/healthz")).toBe(200);
  });

  it("ingest: takes Axis pushes and Rekor webhooks; no search, no sign-in, no jobs", async () => {
    expect((await axisPush(ingest)).statusCode).toBe(201);
    expect(await status(ingest, "/ingest/rekor/1", "POST")).not.toBe(404);
    expect(await searchStatus(ingest)).toBe(404);
    expect(await status(ingest, "/oidc/.well-known/openid-configuration")).toBe(404);
    expect(ingest.app.scheduledJobs).toEqual([]);
  });

  it("api: search, sign-in and the screens' calls; no camera pushes, no jobs", async () => {
    expect(await searchStatus(api)).toBe(200);
    expect(await status(api, "/oidc/.well-known/openid-configuration")).toBe(200);
    expect((await axisPush(api)).statusCode).toBe(404);
    expect(await status(api, "/ingest/rekor/1", "POST")).toBe(404);
    expect(api.app.scheduledJobs).toEqual([]);
  });

  it("worker: the background jobs only", async () => {
    expect(worker.app.scheduledJobs).toEqual(expect.arrayContaining(JOBS));
    expect(await searchStatus(worker)).toBe(404);
    expect((await axisPush(worker)).statusCode).toBe(404);
  });

  it("all (the default): everything in one process", async () => {
    expect(all.app.scheduledJobs).toEqual(expect.arrayContaining(JOBS));
    expect(await searchStatus(all)).toBe(200);
    expect((await axisPush(all)).statusCode).not.toBe(404);
  });

  it("refuses an unknown role, naming the variable", () => {
    expect(() => loadConfig({ ODIN_ROLE: "search" }, "/srv/odin")).toThrow(/ODIN_ROLE/);
    expect(loadConfig({}, "/srv/odin").role).toBe("all");
  });
});
