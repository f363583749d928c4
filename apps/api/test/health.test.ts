import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createPrismaClient, createSecretBox } from "@odin/db";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config/env";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";

describe("the app on a real PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("GET /healthz answers 200 when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sends security headers and a request id", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "trace-12345678" },
    });
    expect(res.headers["x-request-id"]).toBe("trace-12345678");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-ratelimit-limit"]).toBeUndefined(); // health checks are never throttled
  });

  it("answers an unknown route with a 404 in the contract's error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/no-such-call?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "No route GET /no-such-call." } });
  });

  it("tables of the whole data model exist after migration", async () => {
    const rows = await t.prisma.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`;
    const tables = rows.map((row) => row.table_name);
    expect(tables).toContain("_prisma_migrations");
    expect(tables.length).toBeGreaterThan(10);
  });
});

describe("GET /healthz when the database is unreachable", () => {
  it("answers 503 in the contract's error shape", async () => {
    const config = loadConfig(
      {
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: "postgresql://odin:x@127.0.0.1:1/none",
        // An external issuer: the built-in provider would need the database to load its keys.
        OIDC_ISSUER: "https://idp.example.test/",
      },
      projectRoot,
    );
    const prisma = createPrismaClient(config.databaseUrl!);
    const app = await buildApp({ config, prisma, secrets: createSecretBox(randomBytes(32)) });
    try {
      const res = await app.inject({ method: "GET", url: "/healthz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: "UNAVAILABLE", message: "The database is unreachable." } });
    } finally {
      await app.close();
      await prisma.$disconnect();
    }
  });
});
