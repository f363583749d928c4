import { randomBytes } from "node:crypto";
import { createPrismaClient, createSecretBox } from "@odin/db";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config/env";
import { buildTestApp, projectRoot } from "./helpers";

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

/**
 * Issue 18, finding 8: `connect-src 'self' https:` let a script injected into the page send data to
 * any https origin. The web app fetches only Odin's own API and, with an external issuer, the
 * issuer's metadata, keys and token endpoint; map tiles are images (img-src).
 */
describe("the Content-Security-Policy's connect-src", () => {
  it("is 'self' alone with the built-in provider (it lives on Odin's origin)", async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/healthz" });
      expect(directive(res.headers["content-security-policy"], "connect-src")).toEqual(["'self'"]);
    } finally {
      await t.close();
    }
  });

  it("adds the external issuer's origin, and nothing else", async () => {
    // No database needed for a header: an unreachable one, as health.test.ts does.
    const config = loadConfig(
      {
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: "postgresql://odin:x@127.0.0.1:1/none",
        OIDC_ISSUER: "https://odin.us.auth0.com/",
      },
      projectRoot,
    );
    const prisma = createPrismaClient(config.databaseUrl!);
    const app = await buildApp({ config, prisma, secrets: createSecretBox(randomBytes(32)) });
    try {
      const res = await app.inject({ method: "GET", url: "/healthz" });
      expect(directive(res.headers["content-security-policy"], "connect-src")).toEqual([
        "'self'",
        "https://odin.us.auth0.com",
      ]);
    } finally {
      await app.close();
      await prisma.$disconnect();
    }
  });
});
