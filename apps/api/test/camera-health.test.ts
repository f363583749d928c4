import type { TAxisIngestCredentials, TCameraHealth, TCameraHealthResponse } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/env";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { callAs, pushRead } from "./raven-helpers";
import { seedPersonas, type Persona } from "./tokens";

const MINUTE = 60_000;

describe("camera health: GET /camera-health", () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  const now = Date.now();

  const camera = async (name: string, identifier: string) => {
    const res = await call("admin", "POST", "/axis-integrations", { name, identifier });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TAxisIngestCredentials>();
  };
  const health = async (persona: Persona = "admin") => {
    const res = await call(persona, "GET", "/camera-health");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TCameraHealthResponse>();
  };
  const named = (answer: TCameraHealthResponse, name: string) =>
    answer.cameras.find((item) => item.name === name) as TCameraHealth;

  beforeAll(async () => {
    // 60 minutes rather than the default 120, so the rule is seen to follow the setting.
    t = await buildTestApp({ CAMERA_SILENT_AFTER_MINUTES: "60" }, { listen: true });
    call = callAs(t, await seedPersonas(t));

    const fresh = await camera("Fresh camera", "hc-fresh");
    for (const ago of [5 * MINUTE, 20 * 60 * MINUTE, 30 * 60 * MINUTE]) {
      expect((await pushRead(fresh.push_url, fresh.ingest_token, { capturedAt: now - ago })).status).toBe(
        201,
      );
    }
    const quiet = await camera("Quiet camera", "hc-quiet");
    expect(
      (await pushRead(quiet.push_url, quiet.ingest_token, { capturedAt: now - 90 * MINUTE })).status,
    ).toBe(201);
    await camera("New camera", "hc-new");
    const paused = await camera("Paused camera", "hc-paused");
    expect(
      (await pushRead(paused.push_url, paused.ingest_token, { capturedAt: now - 5 * 60 * MINUTE })).status,
    ).toBe(201);
    await call("admin", "POST", `/axis-integrations/${paused.integration.id}/pause`);

    // Rekor cameras report through heartbeats and reads: last_seen_at.
    const hartfordKey = await t.prisma.rekorApiKey.findFirstOrThrow({
      where: { agency: { name: { contains: "Hartford" } } },
    });
    await t.prisma.rekorCamera.updateMany({
      where: { rekorApiKeyId: hartfordKey.id },
      data: { lastSeenAt: new Date(now - MINUTE) },
    });
    await t.prisma.rekorCamera.create({
      data: {
        rekorApiKeyId: hartfordKey.id,
        cameraId: "990001",
        cameraName: "Rekor gone quiet",
        lastSeenAt: new Date(now - 3 * 60 * MINUTE),
      },
    });
  });
  afterAll(() => t?.close());

  it("gives each RAVEN camera its last read, reads in 24 hours and state", async () => {
    const answer = await health();
    expect(answer.silent_after_minutes).toBe(60);
    expect(named(answer, "Fresh camera")).toMatchObject({
      source: "Axis",
      state: "reporting",
      reads_24h: 2,
      last_read_at: new Date(now - 5 * MINUTE).toISOString(),
    });
    expect(named(answer, "Quiet camera")).toMatchObject({ state: "silent", reads_24h: 1 });
    expect(named(answer, "New camera")).toMatchObject({ state: "waiting", reads_24h: 0, last_read_at: null });
    expect(named(answer, "Paused camera")).toMatchObject({ state: "paused", reads_24h: 1 });
  });

  it("counts silent cameras of both vendors and lists them first", async () => {
    const answer = await health();
    expect(named(answer, "Rekor gone quiet")).toMatchObject({
      source: "Rekor",
      state: "silent",
      reads_24h: null,
    });
    const silent = answer.cameras.filter((item) => item.state === "silent");
    expect(silent.map((item) => item.name).sort()).toEqual(["Quiet camera", "Rekor gone quiet"]);
    expect(answer.silent_count).toBe(2);
    expect(answer.cameras.slice(0, 2).every((item) => item.state === "silent")).toBe(true);
  });

  it("shows an agency only its own cameras; the owner all; non-admins nothing", async () => {
    const other = await health("otherAgencyAdmin");
    expect(other.cameras.map((item) => item.name)).not.toContain("Quiet camera");
    expect(other.cameras.map((item) => item.name)).not.toContain("Rekor gone quiet");
    expect(other.cameras.every((item) => !item.agency_name.includes("Hartford"))).toBe(true);
    expect((await health("owner")).cameras.map((item) => item.name)).toEqual(
      expect.arrayContaining(["Quiet camera", "Rekor gone quiet"]),
    );
    expect((await call("investigator", "GET", "/camera-health")).statusCode).toBe(403);
    expect((await call(null, "GET", "/camera-health")).statusCode).toBe(401);
  });

  it("takes CAMERA_SILENT_AFTER_MINUTES from the environment, 120 by default", () => {
    expect(loadConfig({ NODE_ENV: "test" }, projectRoot).cameras.silentAfterMinutes).toBe(120);
    expect(
      loadConfig({ NODE_ENV: "test", CAMERA_SILENT_AFTER_MINUTES: "15" }, projectRoot).cameras
        .silentAfterMinutes,
    ).toBe(15);
    expect(() => loadConfig({ NODE_ENV: "test", CAMERA_SILENT_AFTER_MINUTES: "0" }, projectRoot)).toThrow(
      ConfigError,
    );
  });
});
