import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { DEMO_PASSWORD } from "@odin/db/seed";
import { buildAxisEvent, createDataset, ImageRenderer, type AxisLpvEvent } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startRelay, type DbRelay } from "./db-relay";
import { buildTestApp, type TestApp } from "./helpers";
import { openSignInForm } from "./oidc-client";
import { mintToken, seedPersonas } from "./tokens";

/**
 * Issue 18, finding 8: with PostgreSQL gone, search, ingest and sign-in answered 500; a camera or a
 * webhook then retries at once. They answer 503 with Retry-After now; /healthz keeps its own answer.
 */
describe("a database outage", () => {
  let t: TestApp;
  let relay: DbRelay;
  let token: string;
  let signInForm: Awaited<ReturnType<typeof openSignInForm>>;
  let push: AxisLpvEvent;
  let scimToken: string;
  const camera = DEMO_AGENCIES[0]!.axis[0]!;
  beforeAll(async () => {
    const server = new URL(inject("postgresAdminUrl"));
    relay = await startRelay({ host: server.hostname, port: Number(server.port) });
    const throughRelay = (url: string) => {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(relay.port);
      return parsed.toString();
    };
    t = await buildTestApp({}, { listen: true, connectThrough: throughRelay });
    const subjects = await seedPersonas(t);
    // Made while the database answers: minting a token reads the signing key from it.
    token = await mintToken(t, subjects.investigator);
    signInForm = await openSignInForm(t.baseUrl);
    const read = [...createDataset({ now: Date.now(), axisReads: 5 }).axis()].find(
      (each) => each.camera.integration.identifier === camera.identifier,
    )!;
    push = await buildAxisEvent(read, { renderer: new ImageRenderer() });
    // The agency's identity provider's SCIM token, made by its admin while the database answers.
    const adminToken = await mintToken(t, subjects.admin);
    const made = await fetch(`${t.baseUrl}/admin/scim-token`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(made.status).toBe(200);
    scimToken = ((await made.json()) as { token: string }).token;
    // Everything works through the relay, then the database goes away.
    expect((await search(token)).status).toBe(200);
    await relay.cut();
  });
  afterAll(() => t?.close());

  const search = (token: string) =>
    fetch(`${t.baseUrl}/search-data`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        justification: "Case 2026-114",
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date().toISOString(),
        agencies: [camera.identifier],
      }),
    });
  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({
      error: {
        code: "UNAVAILABLE",
        message: "The service is briefly unavailable. Please try again shortly.",
      },
    });
  };

  it("answers a search 503 with Retry-After", async () => {
    await expectUnavailable(await search(token));
  });

  it("answers a camera's push 503 with Retry-After", async () => {
    const response = await fetch(`${t.baseUrl}/ingest/axis/${camera.identifier}`, {
      method: "POST",
      headers: { authorization: `Bearer ${camera.ingestToken}`, "content-type": "application/json" },
      body: JSON.stringify(push),
    });
    await expectUnavailable(response);
  });

  it("answers the identity provider's SCIM calls 503 with Retry-After, in SCIM's error shape", async () => {
    // Entra and Okta retry a 503 with Retry-After later (RFC 7644 §3.12 carries the status in the body).
    const response = await fetch(
      `${t.baseUrl}/scim/v2/Users?filter=${encodeURIComponent('userName eq "x"')}`,
      {
        headers: { authorization: `Bearer ${scimToken}` },
      },
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toMatchObject({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: "503",
    });
  });

  it("answers a sign-in 503 with Retry-After", async () => {
    const outcome = await signInForm.submit("hartford.investigator", DEMO_PASSWORD);
    expect(outcome.status).toBe(503);
  });

  it("leaves /healthz as it was: 503, the database named", async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: "UNAVAILABLE", message: "The database is unreachable." },
    });
  });
});
