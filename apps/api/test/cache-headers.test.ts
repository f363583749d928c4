import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";

/**
 * Caching (issue 18, finding 7): only hashed assets may be kept by browsers for long; the app's shell
 * must be revalidated so upgrades and security fixes reach users; API answers are never stored.
 */
describe("cache headers", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), "odin-web-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Odin</title>");
    await writeFile(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    await writeFile(path.join(dist, "assets", "index-4f3a2b1c.js"), "console.log(1)");
    await writeFile(path.join(dist, "sw.js"), "self.addEventListener('push', () => undefined)");
    t = await buildTestApp({ ODIN_WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("the app's shell is revalidated on every load, at every web route", async () => {
    for (const url of ["/", "/search", "/results", "/admin"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("the service worker is served at the root as JavaScript and revalidated (issue 24)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain("push");
  });

  it("hashed assets are immutable for a year", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-4f3a2b1c.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("API answers, errors included, are never stored", async () => {
    for (const url of ["/healthz", "/get-current-user", "/no-such-call"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });
});
