/**
 * Issue 38 item 2 with the agency's own identity provider (OIDC_ISSUER): the agency makes the client in
 * its provider (a Keycloak, Entra ID or Auth0 client with client credentials) and the admin names in Odin
 * the `sub` its tokens carry. Tokens shaped as Keycloak's client-credentials tokens are (typ JWT, sub =
 * the client's service-account user, azp and client_id = the client, no amr), from a stand-in issuer
 * serving its discovery document and keys over HTTP. The MFA rule for people (OIDC_REQUIRED_AMR) does not
 * refuse a client, whose token shows no sign-in; a person's token without it is still refused.
 */
import { seedDemoData } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CLIENT_MESSAGES } from "../src/modules/api-clients/api-clients.service";
import { AUTH_MESSAGES } from "../src/plugins/authenticate";
import { startExternalIssuer, type ExternalIssuer } from "./external-issuer";
import { buildTestApp, type TestApp } from "./helpers";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("API clients of an external issuer (issue 38 item 2)", () => {
  let t: TestApp;
  let idp: ExternalIssuer;
  const SERVICE_SUBJECT = "5e1c9a3e-2b7f-4d0a-9c61-0f2d6a1b7c44"; // Keycloak's service-account user id

  beforeAll(async () => {
    idp = await startExternalIssuer({ audience: "api://odin", clientId: "odin-web" });
    t = await buildTestApp({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "odin-web",
      OIDC_AUDIENCE: "api://odin",
      OIDC_REQUIRED_AMR: "mfa,otp",
    });
    await seedDemoData(t.prisma, { encryptSecret: t.secrets.encrypt });
    await t.prisma.user.update({
      where: { username: "hartford.admin" },
      data: { idpSubject: "idp|hartford-admin" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const call = async (token: string, method: "GET" | "POST", url: string, payload?: Json) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const admin = () => idp.accessToken("idp|hartford-admin", { amr: ["mfa"] });
  const keycloakClientToken = () =>
    idp.accessToken(SERVICE_SUBJECT, { azp: "cad-bridge", client_id: "cad-bridge", scope: "profile email" });

  it("needs the subject of the client's tokens, makes no secret, and takes the issuer's tokens for it", async () => {
    const missing = await call(await admin(), "POST", "/admin/api-clients", {
      name: "CAD",
      scopes: ["search"],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(API_CLIENT_MESSAGES.subjectNeeded);

    // Before the admin names it, the client's token finds no account.
    expect((await call(await keycloakClientToken(), "GET", "/case-fields")).statusCode).toBe(403);

    const made = await call(await admin(), "POST", "/admin/api-clients", {
      name: "CAD",
      scopes: ["search", "alerts:read"],
      external_subject: SERVICE_SUBJECT,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      client_secret: null,
      client: { issuer: "external", client_id: SERVICE_SUBJECT },
    });
    const list = (await call(await admin(), "GET", "/admin/api-clients")).json<Json>();
    expect(list).toMatchObject({ issuer: "external", token_endpoint: null });

    // No amr: a client's token passes the people's MFA rule; it searches, audited under its name.
    const search = await call(await keycloakClientToken(), "POST", "/search-data", {
      plate: "AK47123",
      justification: "CAD incident 26-200",
      start_time: new Date(Date.now() - 86_400_000).toISOString(),
      end_time: new Date().toISOString(),
      agencies: [],
    });
    expect(search.statusCode, search.body).toBe(200);
    const row = await t.prisma.auditLog.findFirst({
      where: { action: "search", justification: "CAD incident 26-200" },
    });
    expect(row?.username).toMatch(/^client:cad-/);
    // Its scopes hold as with the built-in provider.
    expect((await call(await keycloakClientToken(), "GET", "/admin-data")).statusCode).toBe(403);
    // A person's token without the MFA the rule asks for is still refused.
    const person = await call(await idp.accessToken("idp|hartford-admin"), "GET", "/admin-data");
    expect(person.statusCode).toBe(403);
    expect(person.json().error.message).toBe(AUTH_MESSAGES.mfaNotShown);
    // Its secret lives at the issuer: nothing to rotate here.
    const rotate = await call(
      await admin(),
      "POST",
      `/admin/api-clients/${made.json<Json>().client.id}/rotate-secret`,
    );
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json().error.message).toBe(API_CLIENT_MESSAGES.externalSecret);
    // Switched off here, the issuer's tokens for it are refused.
    await call(await admin(), "POST", `/admin/api-clients/${made.json<Json>().client.id}/deactivate`);
    const off = await call(await keycloakClientToken(), "GET", "/case-fields");
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(AUTH_MESSAGES.clientDeactivated);
  });
});
