import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";

/**
 * Issue 20 item 2: an unknown address opened in a browser gets the web app (and so its not-found page),
 * never the API's JSON; a call to an unknown path still gets the API's 404. Item 10: /favicon.ico exists.
 */
describe("the web app at unknown addresses", () => {
  let t: TestApp;
  let dist: string;
  const html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), "odin-web-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Odin</title>");
    await writeFile(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    t = await buildTestApp({ ODIN_WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("a page load of an unknown path: the web app's shell, status 404, revalidated", async () => {
    for (const url of ["/no-such-page", "/groups/1/nothing", "/search/extra?x=1"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: html } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toContain("<title>Odin</title>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("a call to an unknown path (JSON, any Accept, or not a GET): the API's 404", async () => {
    for (const [method, accept] of [
      ["GET", "application/json"],
      ["GET", "*/*"],
      ["POST", html],
    ] as const) {
      const res = await t.app.inject({ method, url: "/no-such-call", headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("/favicon.ico leads to the favicon", async () => {
    const res = await t.app.inject({ method: "GET", url: "/favicon.ico" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/favicon.svg");
    const icon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
  });
});
