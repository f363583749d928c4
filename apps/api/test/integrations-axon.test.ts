import { randomBytes } from "node:crypto";
import { ENDPOINTS, MESSAGES } from "@odin/contract";
import { DEMO_AGENCIES, DEMO_AXON } from "@odin/db/demo-data";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyId, auditRows, caller } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas, type Persona } from "./tokens";

const HARTFORD = "Hartford Police Department";
const NEW_HAVEN = "New Haven Police Department";
const TROOP_H = "Connecticut State Police Troop H";

describe("the Axon integration and its agency lists (spec 001 §7 Integrations)", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  const answers: string[] = [];

  const record = async (...args: Parameters<ReturnType<typeof caller>>) => {
    const res = await call(...args);
    answers.push(res.body);
    return res;
  };

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0 });
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } }));
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const demoCredentials = () => ({
    client_id: DEMO_AXON.clientId,
    secret_id: DEMO_AXON.clientSecret,
    partner_id: DEMO_AXON.partnerId,
    base_url: `${sim.axonUrl}/`,
  });

  it("GET /axon-existing-integration: the agency's label and host, or null", async () => {
    expect((await record("admin", "GET", "/axon-existing-integration")).json()).toEqual({
      existing_integration: { agency_name: HARTFORD, base_url: sim.axonUrl },
    });
    expect((await record("otherAgencyAdmin", "GET", "/axon-existing-integration")).json()).toEqual({
      existing_integration: null,
    });
  });

  it("GET /get-authorized-and-blacklisted-agencies lists every other agency once", async () => {
    const res = await record("admin", "GET", "/get-authorized-and-blacklisted-agencies");
    expect(res.json()).toEqual({
      authorized: [{ id: await agencyId(t, NEW_HAVEN), name: NEW_HAVEN }],
      blacklisted: [{ id: await agencyId(t, TROOP_H), name: TROOP_H }],
    });
    expect(
      (await record("otherAgencyAdmin", "GET", "/get-authorized-and-blacklisted-agencies")).json(),
    ).toEqual({
      authorized: [],
      blacklisted: [],
    });
  });

  it("moving an agency to the blacklist stops its searches of the integration, and back", async () => {
    const newHaven = await agencyId(t, NEW_HAVEN);
    const searchable = async () =>
      (await call("otherAgencyAdmin", "GET", "/axon-authorized-integrations")).json<
        { agency_name: string }[]
      >();
    expect(await searchable()).toEqual([expect.objectContaining({ agency_name: HARTFORD })]);

    const out = await record("admin", "POST", "/add-to-blacklist", { agency_id: newHaven });
    expect(out.json()).toEqual({ success: true, message: MESSAGES.agencyBlacklisted });
    expect(
      (await call("admin", "GET", "/get-authorized-and-blacklisted-agencies")).json().authorized,
    ).toEqual([]);
    expect(await searchable()).toEqual([]);

    const back = await record("admin", "POST", "/remove-from-blacklist", { agency_id: String(newHaven) });
    expect(back.json()).toEqual({ success: true, message: MESSAGES.agencyUnblacklisted });
    expect(await searchable()).toHaveLength(1);
    expect((await auditRows(t, "blacklist_changed")).map((row) => row.detail)).toEqual([
      expect.objectContaining({ agency_id: newHaven, status: "blacklisted" }),
      expect.objectContaining({ agency_id: newHaven, status: "authorized" }),
    ]);
  });

  it("refuses the caller's own agency, unknown agencies and agencies without an integration", async () => {
    const own = await call("admin", "POST", "/add-to-blacklist", { agency_id: await agencyId(t, HARTFORD) });
    expect(own.statusCode).toBe(400);
    expect((await call("admin", "POST", "/add-to-blacklist", { agency_id: 99999 })).statusCode).toBe(404);
    expect((await call("admin", "POST", "/add-to-blacklist", {})).statusCode).toBe(400);
    // New Haven has no integration of its own: it cannot touch Hartford's lists.
    const foreign = await call("otherAgencyAdmin", "POST", "/add-to-blacklist", {
      agency_id: await agencyId(t, TROOP_H),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.prisma.axonIntegrationAgency.count({ where: { status: "blacklisted" } })).toBe(1);
  });

  it("POST /add-axon-integration: all four fields required", async () => {
    const res = await call("otherAgencyAdmin", "POST", "/add-axon-integration", {
      ...demoCredentials(),
      partner_id: " ",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.axonFieldsRequired);
  });

  it("checks the credentials at Axon's token endpoint first: a refusal saves nothing", async () => {
    const wrong = await record("otherAgencyAdmin", "POST", "/add-axon-integration", {
      ...demoCredentials(),
      secret_id: "not-the-secret",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      "Axon refused these credentials (401): check the Client ID, Client Secret and Partner ID.",
    );
    const unreachable = await record("otherAgencyAdmin", "POST", "/add-axon-integration", {
      ...demoCredentials(),
      base_url: "http://127.0.0.1:1",
    });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().error.message).toMatch(
      /^Axon could not confirm the credentials: .*could not be reached/,
    );
    expect(await t.prisma.axonIntegration.count({ where: { agencyName: NEW_HAVEN } })).toBe(0);
  });

  it("saves checked credentials with the secret sealed; every other agency starts authorized", async () => {
    const res = await record("otherAgencyAdmin", "POST", "/add-axon-integration", demoCredentials());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.axonIntegrationAdded });
    const integration = await t.prisma.axonIntegration.findFirstOrThrow({
      where: { agencyName: NEW_HAVEN },
      include: { agencies: true },
    });
    expect(integration).toMatchObject({
      clientId: DEMO_AXON.clientId,
      partnerId: DEMO_AXON.partnerId,
      baseUrl: sim.axonUrl,
    });
    expect(integration.clientSecretCiphertext).not.toContain(DEMO_AXON.clientSecret);
    expect(t.secrets.decrypt(integration.clientSecretCiphertext)).toBe(DEMO_AXON.clientSecret);
    expect(integration.agencies.map((row) => row.status)).toEqual(["authorized", "authorized"]);
    expect((await auditRows(t, "axon_integration_changed")).map((row) => row.detail)).toEqual([
      expect.objectContaining({ change: "added", integration_id: integration.id }),
    ]);
    const again = await call("otherAgencyAdmin", "POST", "/add-axon-integration", demoCredentials());
    expect(again.statusCode).toBe(409);
  });

  it("DELETE /delete-axon-integration removes the agency's own integration and its lists", async () => {
    const res = await record("otherAgencyAdmin", "DELETE", "/delete-axon-integration");
    expect(res.json()).toEqual({ success: true, message: MESSAGES.axonIntegrationDeleted });
    expect(await t.prisma.axonIntegration.count({ where: { agencyName: NEW_HAVEN } })).toBe(0);
    expect(await t.prisma.axonIntegration.count({ where: { agencyName: HARTFORD } })).toBe(1);
    expect((await call("otherAgencyAdmin", "DELETE", "/delete-axon-integration")).statusCode).toBe(404);
    expect((await auditRows(t, "axon_integration_changed")).at(-1)?.detail).toMatchObject({
      change: "deleted",
    });
  });

  it("is for the agency's admins only", async () => {
    for (const persona of ["investigator", "hotlistAdmin", "hotlistViewer"] as Persona[]) {
      for (const [method, url, body] of [
        ["GET", "/axon-existing-integration", undefined],
        ["GET", "/get-authorized-and-blacklisted-agencies", undefined],
        ["POST", "/add-to-blacklist", { agency_id: 1 }],
        ["POST", "/remove-from-blacklist", { agency_id: 1 }],
        ["POST", "/add-axon-integration", demoCredentials()],
        ["DELETE", "/delete-axon-integration", undefined],
      ] as const) {
        expect((await call(persona, method, url, body)).statusCode, `${persona} ${url}`).toBe(403);
      }
    }
    expect(await t.prisma.axonIntegration.count()).toBe(1);
  });

  it("no secret ever leaves: not in these answers nor in any GET answer", async () => {
    for (const persona of ["owner", "admin", "otherAgencyAdmin"] as Persona[]) {
      for (const endpoint of ENDPOINTS) {
        if (endpoint.method !== "GET" || endpoint.path.includes(":")) continue;
        // A live stream never ends: nothing to read whole.
        const types: readonly string[] = "binaryTypes" in endpoint ? endpoint.binaryTypes : [];
        if (types.includes("text/event-stream")) continue;
        answers.push((await call(persona, "GET", endpoint.path)).body);
      }
    }
    const everything = answers.join("\n");
    for (const secret of [
      DEMO_AXON.clientSecret,
      "not-the-secret",
      ...DEMO_AGENCIES.flatMap((agency) => [agency.rekor.apiKey, agency.rekor.webhookToken]),
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe("the Axon base URL in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: "production", ODIN_SECRETS_KEY: randomBytes(32).toString("hex") });
  });
  afterAll(() => t?.close());

  it("must be https: a plain http URL is refused before any call", async () => {
    const call = caller(t, await seedPersonas(t));
    const res = await call("otherAgencyAdmin", "POST", "/add-axon-integration", {
      client_id: "c",
      secret_id: "s",
      partner_id: "p",
      base_url: "http://axon.example.test",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: "base_url", message: "Axon is reached over https only." },
    ]);
  });
});
