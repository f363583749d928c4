import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAxonApp } from "../src/axon/axon.app";
import type { AxonReadsPage } from "../src/axon/axon.payload";
import { createDataset } from "../src/data/dataset";
import { DEMO_AXON_CLIENT } from "../src/demo-credentials";
import { ImageRenderer } from "../src/images";
import { startSimulators, type RunningSimulators } from "../src/simulators";
import { jpegSize, NOW, SEED } from "./helpers";

let sim: RunningSimulators;

beforeAll(async () => {
  sim = await startSimulators({ seed: SEED, now: NOW });
});
afterAll(async () => {
  await sim.close();
});

const credentials = {
  grant_type: "client_credentials",
  partner_id: DEMO_AXON_CLIENT.partnerId,
  client_id: DEMO_AXON_CLIENT.clientId,
  client_secret: DEMO_AXON_CLIENT.clientSecret,
};

async function requestToken(baseUrl: string, form: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/oauth2/token`, {
    method: "POST",
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function token(baseUrl = sim.axonUrl): Promise<string> {
  const { body } = await requestToken(baseUrl, credentials);
  return body.access_token as string;
}

async function reads(query: Record<string, string>, bearer: string, baseUrl = sim.axonUrl) {
  const response = await fetch(`${baseUrl}/api/alpr/v1/reads?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  return { status: response.status, body: (await response.json()) as AxonReadsPage };
}

describe("Axon token endpoint", () => {
  it("issues a bearer token for the demo client credentials", async () => {
    const { status, body } = await requestToken(sim.axonUrl, credentials);
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      expires_in: 3600,
      version: "v1",
      entity: { type: "client", id: DEMO_AXON_CLIENT.clientId, partner_id: DEMO_AXON_CLIENT.partnerId },
    });
  });

  it("answers 401 to a bad secret or partner, 400 to another grant", async () => {
    expect((await requestToken(sim.axonUrl, { ...credentials, client_secret: "wrong" })).status).toBe(401);
    expect((await requestToken(sim.axonUrl, { ...credentials, partner_id: "other" })).status).toBe(401);
    const grant = await requestToken(sim.axonUrl, { ...credentials, grant_type: "password" });
    expect(grant).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
  });
});

describe("Axon reads", () => {
  it("pages through a time range with the cursor, newest first", async () => {
    const bearer = await token();
    const query = { start: new Date(NOW - 3 * 86_400_000).toISOString(), end: new Date(NOW).toISOString() };
    const expected = sim.dataset.axon().filter((read) => read.capturedAt >= NOW - 3 * 86_400_000);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await reads({ ...query, limit: "40", ...(cursor ? { cursor } : {}) }, bearer);
      expect(page.status).toBe(200);
      expect(page.body.reads.length).toBeLessThanOrEqual(40);
      seen.push(...page.body.reads.map((read) => read.read_id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected.map((read) => read.id));
    expect(seen.length).toBeGreaterThan(40);
  });

  it("finds a plate, with the documented read shape", async () => {
    const bearer = await token();
    const { body } = await reads({ plate: "ak47281" }, bearer);
    expect(body.reads.length).toBeGreaterThan(0);
    for (const read of body.reads) {
      expect(read).toEqual({
        read_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        plate: "AK47281",
        state: "CT",
        confidence: expect.any(Number),
        captured_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        camera: { id: expect.any(String), name: expect.any(String) },
        location: { lat: expect.any(Number), lon: expect.any(Number) },
        vehicle: {
          make: "Honda",
          model: "Accord",
          color: expect.stringMatching(/^(Silver|Gray)$/),
          body_type: "Sedan",
        },
        image_url: `/api/alpr/v1/reads/${read.read_id}/image`,
        plate_image_url: `/api/alpr/v1/reads/${read.read_id}/plate-image`,
      });
    }
  });

  it("refuses a cursor from another query and an unknown token", async () => {
    const bearer = await token();
    const first = await reads({ limit: "5" }, bearer);
    const misuse = await reads({ limit: "5", plate: "A*", cursor: first.body.next_cursor! }, bearer);
    expect(misuse.status).toBe(400);
    expect((await reads({}, "not-a-token")).status).toBe(401);
    expect((await fetch(`${sim.axonUrl}/api/alpr/v1/reads`)).status).toBe(401);
  });

  it("serves the images at the read's URLs to the bearer only", async () => {
    const bearer = await token();
    const [read] = (await reads({ limit: "1" }, bearer)).body.reads;
    const image = await fetch(`${sim.axonUrl}${read!.image_url}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(await jpegSize(await image.arrayBuffer())).toMatchObject({
      format: "jpeg",
      width: 1280,
      height: 720,
    });
    const plate = await fetch(`${sim.axonUrl}${read!.plate_image_url}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect((await jpegSize(await plate.arrayBuffer())).width).toBeLessThan(400);
    expect((await fetch(`${sim.axonUrl}${read!.image_url}`)).status).toBe(401);
    const unknown = await fetch(`${sim.axonUrl}/api/alpr/v1/reads/nope/image`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(unknown.status).toBe(404);
  });

  it("rejects a token once expired or revoked", async () => {
    let clock = NOW;
    const app: FastifyInstance = buildAxonApp({
      dataset: createDataset({ seed: SEED, now: NOW, axonReads: 50 }),
      images: new ImageRenderer(),
      tokenTtlSeconds: 60,
      clock: () => clock,
    });
    const url = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      const bearer = await token(url);
      expect((await reads({}, bearer, url)).status).toBe(200);
      clock += 61_000;
      expect((await reads({}, bearer, url)).status).toBe(401);
      const fresh = await token(url);
      await fetch(`${url}/__sim/tokens`, { method: "DELETE" });
      expect((await reads({}, fresh, url)).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
