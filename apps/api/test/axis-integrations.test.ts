import { hashToken } from "@odin/db";
import type { TAxisIngestCredentials, TAxisIntegrationsResponse, TSearchResult } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { callAs, pushRead } from "./raven-helpers";
import { seedPersonas, type Persona } from "./tokens";

describe("RAVEN integrations: /axis-integrations", () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  let newHavenId: number;

  const create = async (body: object, persona: Persona = "admin") =>
    call(persona, "POST", "/axis-integrations", body);
  const created = async (body: object, persona: Persona = "admin") => {
    const res = await create(body, persona);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TAxisIngestCredentials>();
  };
  const list = async (persona: Persona = "admin") => {
    const res = await call(persona, "GET", "/axis-integrations");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TAxisIntegrationsResponse>();
  };
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string; message: string } }).error;
  const auditActions = async () =>
    (
      await t.prisma.auditLog.findMany({
        where: { action: { startsWith: "axis_integration" } },
        orderBy: { id: "asc" },
      })
    ).map((row) => row.action);
  const searchFor = async (plate: string, identifier: string) => {
    const res = await call("investigator", "POST", "/search-data", {
      plate,
      justification: "Case 2026-315: RAVEN onboarding check",
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 60_000).toISOString(),
      agencies: [identifier],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSearchResult[]>();
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    call = callAs(t, await seedPersonas(t));
    newHavenId = (await t.prisma.user.findUniqueOrThrow({ where: { username: "newhaven.admin" } })).agencyId!;
  });
  afterAll(() => t?.close());

  it("creates an integration whose once-shown token pushes reads that are then searchable", async () => {
    const answer = await created({
      name: "Main St northbound",
      identifier: "hfd-main-nb",
      latitude: 41.77,
      longitude: -72.68,
      shared_with: [newHavenId],
    });
    expect(answer.push_url).toBe(`${t.baseUrl}/ingest/axis/hfd-main-nb`);
    expect(answer.ingest_token.length).toBeGreaterThanOrEqual(40);
    expect(answer.integration).toMatchObject({
      name: "Main St northbound",
      identifier: "hfd-main-nb",
      status: "active",
      shared_with: [{ id: newHavenId }],
      health: { state: "waiting", reads_24h: 0, last_read_at: null },
    });
    const row = await t.prisma.axisIntegration.findUniqueOrThrow({ where: { identifier: "hfd-main-nb" } });
    expect(row.ingestTokenHash).toBe(hashToken(answer.ingest_token));
    expect(JSON.stringify(row)).not.toContain(answer.ingest_token);

    const push = await pushRead(answer.push_url, answer.ingest_token, { plate: "RVN1001" });
    expect(push.status).toBe(201);
    const [result] = await searchFor("rvn1001", "hfd-main-nb");
    expect(result).toMatchObject({
      plate: "RVN1001",
      source_program: "Axis",
      camera_name: "Main St northbound",
    });

    const listed = (await list()).integrations.find((item) => item.identifier === "hfd-main-nb")!;
    expect(listed.health).toMatchObject({ state: "reporting", reads_24h: 1 });
    expect(JSON.stringify(await list())).not.toContain(answer.ingest_token);
    const shared = await call("otherAgencyAdmin", "GET", "/axis-authorized-agencies");
    expect(shared.body).toContain("hfd-main-nb");
    expect(await auditActions()).toEqual(["axis_integration_created"]);
  });

  it("makes the agency's Axis entry with its first integration (the owner names the agency)", async () => {
    const agency = await t.prisma.agency.create({ data: { name: "Bristol Police Department", code: "BPD" } });
    expect(await t.prisma.axisAgency.count({ where: { agencyId: agency.id } })).toBe(0);
    const noAgency = await create({ name: "Bristol gate", identifier: "bri-gate-01" }, "owner");
    expect(noAgency.statusCode).toBe(400);
    const answer = await created(
      { name: "Bristol gate", identifier: "bri-gate-01", agency_id: agency.id },
      "owner",
    );
    expect(answer.integration.agency_name).toBe("Bristol Police Department");
    expect(await t.prisma.axisAgency.findUnique({ where: { agencyId: agency.id } })).toMatchObject({
      agencyName: "Bristol Police Department",
    });
    expect((await list("owner")).integrations.map((item) => item.identifier)).toContain("bri-gate-01");
    expect((await list("admin")).integrations.map((item) => item.identifier)).not.toContain("bri-gate-01");
  });

  it("refuses an identifier in use, whatever its case, with a clear 409", async () => {
    for (const identifier of ["hfd-main-nb", "HFD-Main-NB", "hfd-lpv-01"]) {
      const res = await create({ name: "Again", identifier });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: "CONFLICT",
          message: `The identifier '${identifier.toLowerCase()}' is already in use.`,
        },
      });
    }
  });

  it("answers 400 to a bad identifier, half a position or an unknown agency to share with", async () => {
    for (const body of [
      { name: "X", identifier: "a b" },
      { name: "X", identifier: "ab" },
      { name: "X", identifier: "../etc" },
      { name: "", identifier: "fine-one" },
      { name: "X", identifier: "fine-one", latitude: 41.7 },
      { name: "X", identifier: "fine-one", shared_with: [999_999] },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect(await t.prisma.axisIntegration.count({ where: { identifier: "fine-one" } })).toBe(0);
  });

  it("rotates the token: the old one is refused at once, the new one accepted", async () => {
    const first = await created({ name: "Rotating", identifier: "hfd-rotate" });
    expect((await pushRead(first.push_url, first.ingest_token)).status).toBe(201); // cached by the ingest
    const rotated = await call("admin", "POST", `/axis-integrations/${first.integration.id}/rotate-token`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json<TAxisIngestCredentials>();
    expect(second.ingest_token).not.toBe(first.ingest_token);
    expect(second.push_url).toBe(first.push_url);

    const old = await pushRead(first.push_url, first.ingest_token);
    expect(old.status).toBe(401);
    expect((await errorOf(old)).code).toBe("UNAUTHENTICATED");
    expect((await pushRead(second.push_url, second.ingest_token)).status).toBe(201);
    expect(await auditActions()).toContain("axis_integration_token_rotated");
  });

  it("pauses (pushes refused with 423) and resumes", async () => {
    const camera = await created({ name: "Pausing", identifier: "hfd-pause" });
    expect((await pushRead(camera.push_url, camera.ingest_token)).status).toBe(201);
    const paused = await call("admin", "POST", `/axis-integrations/${camera.integration.id}/pause`);
    expect(paused.json()).toEqual({
      success: true,
      message: "'Pausing' is paused: its pushes are refused until you resume it.",
    });

    const refused = await pushRead(camera.push_url, camera.ingest_token);
    expect(refused.status).toBe(423);
    expect(await errorOf(refused)).toEqual({
      code: "LOCKED",
      message:
        "This RAVEN integration is paused in Odin: reads are refused until an administrator resumes it.",
    });
    expect((await pushRead(camera.push_url, "wrong-token")).status).toBe(401); // no state leaks without the token
    expect((await list()).integrations.find((item) => item.identifier === "hfd-pause")).toMatchObject({
      status: "paused",
      health: { state: "paused" },
    });

    await call("admin", "POST", `/axis-integrations/${camera.integration.id}/pause`); // again: no change
    const resumed = await call("admin", "POST", `/axis-integrations/${camera.integration.id}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect((await pushRead(camera.push_url, camera.ingest_token)).status).toBe(201);
    const actions = await auditActions();
    expect(actions.filter((action) => action === "axis_integration_paused")).toHaveLength(1);
    expect(actions).toContain("axis_integration_resumed");
  });

  it("deletes softly: pushes refused with 410, reads kept and searchable, identifier reserved", async () => {
    const camera = await created({ name: "Leaving", identifier: "hfd-delete" });
    expect((await pushRead(camera.push_url, camera.ingest_token, { plate: "RVN2002" })).status).toBe(201);
    const deleted = await call("admin", "DELETE", `/axis-integrations/${camera.integration.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const refused = await pushRead(camera.push_url, camera.ingest_token);
    expect(refused.status).toBe(410);
    expect((await errorOf(refused)).code).toBe("GONE");
    expect((await list()).integrations.map((item) => item.identifier)).not.toContain("hfd-delete");
    expect(await searchFor("rvn2002", "hfd-delete")).toHaveLength(1);
    expect((await create({ name: "Reuse", identifier: "hfd-delete" })).statusCode).toBe(409);
    for (const action of ["rotate-token", "pause", "resume"]) {
      expect(
        (await call("admin", "POST", `/axis-integrations/${camera.integration.id}/${action}`)).statusCode,
      ).toBe(404);
    }
    expect((await call("admin", "DELETE", `/axis-integrations/${camera.integration.id}`)).statusCode).toBe(
      404,
    );
    expect(await auditActions()).toContain("axis_integration_deleted");
  });

  it("answers 404 to another agency's admin and 403 to a non-admin, changing nothing", async () => {
    const camera = await created({ name: "Hartford only", identifier: "hfd-private" });
    const id = camera.integration.id;
    for (const [method, url] of [
      ["POST", `/axis-integrations/${id}/rotate-token`],
      ["POST", `/axis-integrations/${id}/pause`],
      ["POST", `/axis-integrations/${id}/resume`],
      ["DELETE", `/axis-integrations/${id}`],
    ] as const) {
      expect((await call("otherAgencyAdmin", method, url)).statusCode, url).toBe(404);
      expect((await call("investigator", method, url)).statusCode, url).toBe(403);
      expect((await call("hotlistAdmin", method, url)).statusCode, url).toBe(403);
    }
    expect((await list("otherAgencyAdmin")).integrations.map((item) => item.identifier)).not.toContain(
      "hfd-private",
    );
    expect((await call("investigator", "GET", "/axis-integrations")).statusCode).toBe(403);
    expect((await create({ name: "Nope", identifier: "inv-camera" }, "investigator")).statusCode).toBe(403);
    expect((await pushRead(camera.push_url, camera.ingest_token)).status).toBe(201);
  });

  it("lets exactly one of parallel creates of one identifier succeed", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        create({ name: `Race ${index}`, identifier: "hfd-race" }, index % 2 ? "admin" : "otherAgencyAdmin"),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await t.prisma.axisIntegration.count({ where: { identifier: "hfd-race" } })).toBe(1);
  });
});
