/**
 * Issue 38 item 2: API clients (service accounts). An agency admin makes a client; the client takes a
 * token from the built-in provider with OAuth 2.0 client credentials, through openid-client (panva's
 * certified relying party, not Odin's code); the token calls what its scopes allow and nothing else,
 * each call audited under the client's name; rotation, switching off, expiry and the rate limit end or
 * slow it; another agency's admin and non-admins cannot see or touch it; it never appears among people.
 */
import * as oidc from "openid-client";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CLIENT_MESSAGES } from "../src/modules/api-clients/api-clients.service";
import { AUTH_MESSAGES, clientRateMessage, clientScopeMessage } from "../src/plugins/authenticate";
import { auditRows, caller } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("API clients: service accounts with client credentials (issue 38 item 2)", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    subjects = await seedPersonas(t);
    call = caller(t, subjects);
  });
  afterAll(() => t?.close());

  const create = async (body: Json, persona: Persona = "admin") => {
    const res = await call(persona, "POST", "/admin/api-clients", body);
    return { status: res.statusCode, body: res.json<Json>() };
  };

  /** A token from the built-in provider's token endpoint, as an integrator's OAuth library asks for it. */
  const tokenFor = async (clientId: string, secret: string, scope?: string) => {
    const config = await oidc.discovery(new URL(`${t.baseUrl}/oidc`), clientId, secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const tokens = await oidc.clientCredentialsGrant(config, {
      resource: t.config.identity.audience,
      ...(scope ? { scope } : {}),
    });
    return tokens.access_token;
  };

  const as = (token: string, method: "GET" | "POST", url: string, payload?: Json) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  const searchBody = {
    plate: "AK47123",
    justification: "CAD incident 26-114: stolen vehicle",
    start_time: new Date(Date.now() - 86_400_000).toISOString(),
    end_time: new Date().toISOString(),
    agencies: [],
    filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
  };

  it("makes a client whose secret is shown once, takes a token by client credentials and searches under its own name", async () => {
    const made = await create({
      name: "CAD bridge",
      scopes: ["search", "alerts:read"],
      rate_limit_per_minute: 100,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.client_secret).toMatch(/^odin_cs_/);
    expect(made.body.client).toMatchObject({
      name: "CAD bridge",
      issuer: "built_in",
      scopes: ["search", "alerts:read"],
      status: "active",
      rate_limit_per_minute: 100,
      created_by: "hartford.admin",
      last_used_at: null,
    });
    // The audit row of its making names it, and never holds the secret.
    const [created] = await auditRows(t, "api_client_created");
    expect(
      JSON.stringify(created, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value)),
    ).not.toContain(made.body.client_secret);
    expect(created!.detail).toMatchObject({ name: "CAD bridge", scopes: ["search", "alerts:read"] });

    // The list never carries a secret, sealed or not; the screen learns where tokens come from.
    const list = (await call("admin", "GET", "/admin/api-clients")).json<Json>();
    expect(JSON.stringify(list)).not.toContain("odin_cs_");
    expect(JSON.stringify(list)).not.toMatch(/secret_sealed|v1:/);
    expect(list.token_endpoint).toBe(`${t.baseUrl}/oidc/token`);

    const token = await tokenFor(made.body.client.client_id, made.body.client_secret);
    expect(decodeJwt(token)).toMatchObject({
      sub: made.body.client.client_id,
      aud: t.config.identity.audience,
    });

    const search = await as(token, "POST", "/search-data", searchBody);
    expect(search.statusCode, search.body).toBe(200);
    const [row] = await t.prisma.auditLog.findMany({
      where: { action: "search", username: `client:${made.body.client.client_id}` },
    });
    expect(row, "the search's audit row names the client").toBeDefined();
    expect(row!.justification).toBe("CAD incident 26-114: stolen vehicle");
    expect(row!.agencyId).toBe(
      (await t.prisma.agency.findFirstOrThrow({ where: { name: "Hartford Police Department" } })).id,
    );

    // A search without a justification is refused as a person's is.
    const bare = await as(token, "POST", "/search-data", { ...searchBody, justification: " " });
    expect(bare.statusCode).toBe(400);

    // Alerts it may read: the agency's groups.
    const groups = await as(token, "GET", "/alerts-data");
    expect(groups.statusCode, groups.body).toBe(200);

    // Last use is recorded (to the minute).
    const after = (await call("admin", "GET", "/admin/api-clients")).json<Json>();
    expect(after.clients[0].last_used_at).not.toBeNull();
  });

  it("refuses what its scopes do not allow, and every admin, owner and personal call", async () => {
    const made = await create({ name: "Alerts only", scopes: ["alerts:read"] });
    const token = await tokenFor(made.body.client.client_id, made.body.client_secret);
    const search = await as(token, "POST", "/search-data", searchBody);
    expect(search.statusCode).toBe(403);
    expect(search.json().error.message).toBe(clientScopeMessage("POST /search-data"));
    for (const [method, url] of [
      ["GET", "/admin-data"],
      ["GET", "/admin/api-clients"],
      ["GET", "/owner-data"],
      ["GET", "/profile-data"],
      ["GET", "/admin-audit-logs-api"],
    ] as const) {
      const res = await as(token, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await as(token, "GET", "/admin-data")).json().error.message).toBe(
      clientScopeMessage("GET /admin-data"),
    );
    // Who it is: always allowed.
    expect((await as(token, "GET", "/get-current-user")).statusCode).toBe(200);
  });

  it("a rotated secret ends the old secret and its tokens at once; the new one works", async () => {
    const made = await create({ name: "RMS", scopes: ["search"] });
    const { client_id: clientId } = made.body.client;
    // A token the old secret gave a few seconds ago (iat has whole seconds: one of this very second
    // would be accepted, see rotateApiClientSecret), signed with the provider's key as it signs them.
    const old = await mintToken(t, clientId, { claims: { sid: undefined, client_id: clientId } });
    expect((await as(old, "GET", "/case-fields")).statusCode).toBe(200);
    const rotated = await call("admin", "POST", `/admin/api-clients/${made.body.client.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json<Json>().client_secret as string;
    expect(secret).not.toBe(made.body.client_secret);
    expect((await as(old, "GET", "/case-fields")).statusCode).toBe(401);
    await expect(tokenFor(clientId, made.body.client_secret)).rejects.toMatchObject({
      error: "invalid_client",
    });
    expect((await as(await tokenFor(clientId, secret), "GET", "/case-fields")).statusCode).toBe(200);
    expect(await auditRows(t, "api_client_secret_rotated")).toHaveLength(1);
  });

  it("a client switched off is refused at its next call and gets no new token; an expired one likewise", async () => {
    const made = await create({ name: "Old CAD", scopes: ["search"] });
    const token = await tokenFor(made.body.client.client_id, made.body.client_secret);
    const off = await call("admin", "POST", `/admin/api-clients/${made.body.client.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Json>().client.status).toBe("deactivated");
    const refused = await as(token, "GET", "/case-fields");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(AUTH_MESSAGES.clientDeactivated);
    await expect(tokenFor(made.body.client.client_id, made.body.client_secret)).rejects.toMatchObject({
      error: "invalid_client",
    });
    const again = await call("admin", "POST", `/admin/api-clients/${made.body.client.id}/deactivate`);
    expect(again.statusCode).toBe(409);

    const soon = await create({ name: "Pilot", scopes: ["search"], expires_in_days: 1 });
    const pilotToken = await tokenFor(soon.body.client.client_id, soon.body.client_secret);
    await t.prisma.apiClient.update({
      where: { id: soon.body.client.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await as(pilotToken, "GET", "/case-fields");
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe(AUTH_MESSAGES.clientExpired);
    await expect(tokenFor(soon.body.client.client_id, soon.body.client_secret)).rejects.toMatchObject({
      error: "invalid_client",
    });
  });

  it("holds each client to its rate limit with 429 and Retry-After, counted once per call under parallel calls", async () => {
    const made = await create({ name: "Busy RTCC", scopes: ["search"], rate_limit_per_minute: 5 });
    const token = await tokenFor(made.body.client.client_id, made.body.client_secret);
    const answers = await Promise.all(Array.from({ length: 8 }, () => as(token, "GET", "/case-fields")));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = answers.find((res) => res.statusCode === 429)!;
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error.message).toBe(clientRateMessage(5, Number(limited.headers["retry-after"])));
  });

  it("is an agency admin's alone: other agencies' admins get 404, people who are not admins 403", async () => {
    const made = await create({ name: "Hartford only", scopes: ["search"] });
    const id = made.body.client.id as number;
    const other = await call("otherAgencyAdmin", "POST", `/admin/api-clients/${id}/deactivate`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(API_CLIENT_MESSAGES.notFound);
    expect((await call("otherAgencyAdmin", "GET", "/admin/api-clients")).json<Json>().clients).toEqual([]);
    for (const persona of ["investigator", "hotlistAdmin"] as const) {
      expect(
        (await call(persona, "POST", "/admin/api-clients", { name: "x", scopes: ["search"] })).statusCode,
      ).toBe(403);
    }
    // Names are unique among an agency's live clients; the contract's validation names the field.
    expect((await create({ name: "hartford ONLY", scopes: ["search"] })).status).toBe(409);
    const invalid = await create({ name: "", scopes: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.map((d: Json) => d.path).sort()).toEqual(["name", "scopes"]);
    // An external issuer's subject is refused with the built-in provider.
    expect((await create({ name: "Ext", scopes: ["search"], external_subject: "abc" })).status).toBe(400);
  });

  it("never lists a client's account among people, nor lets an admin change it as a user", async () => {
    const made = await create({ name: "Hidden account", scopes: ["search"] });
    const account = await t.prisma.user.findFirstOrThrow({
      where: { apiClient: { id: made.body.client.id } },
    });
    const admin = (await call("admin", "GET", "/admin-data")).json<Json>();
    expect(JSON.stringify(admin)).not.toContain(account.username);
    const owner = (await call("owner", "GET", "/owner-data")).json<Json>();
    expect(JSON.stringify(owner)).not.toContain(account.username);
    const pickable = (await call("admin", "GET", "/agency-users-api")).json<Json>();
    expect(JSON.stringify(pickable)).not.toContain(account.email);
    expect(
      (await call("admin", "PUT", `/admin/toggle-role/${account.id}`, { new_role: "admin" })).statusCode,
    ).toBe(404);
    expect((await call("admin", "DELETE", `/admin/delete-user/${account.id}`)).statusCode).toBe(404);
  });
});
