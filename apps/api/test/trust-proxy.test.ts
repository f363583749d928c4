import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRows, userId } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const CLIENT = "198.51.100.7"; // the peer that connects to Odin
const FORGED = "203.0.113.77"; // what that peer claims in X-Forwarded-For

/**
 * Issue 35 item 4: forwarded headers are believed only from the proxies TRUST_PROXY names. A client
 * that talks to Odin directly cannot write the audit log's address; a configured proxy's forwarded
 * address is recorded; plain HTTP at a server address answers a page that says HTTPS is needed.
 */
describe("trusted proxies and the audit log's address", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  /** The address the audit row of an admin's unlock records, as sent from CLIENT with a forged header. */
  async function recordedAddress(t: TestApp, headers: Record<string, string>): Promise<string | null> {
    const subjects = await seedPersonas(t);
    const target = await userId(t, "hartford.investigator");
    const res = await t.app.inject({
      method: "POST",
      url: `/admin/unlock-user/${target}`,
      remoteAddress: CLIENT,
      headers: { authorization: `Bearer ${await mintToken(t, subjects.admin)}`, ...headers },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await auditRows(t, "user_unlocked");
    return row?.ip ?? null;
  }

  const production = (env: NodeJS.ProcessEnv = {}) =>
    buildTestApp({ NODE_ENV: "production", ODIN_SECRETS_KEY: randomBytes(32).toString("hex"), ...env }).then(
      (t) => (apps.push(t), t),
    );

  it("records the peer, not a forged X-Forwarded-For, when no proxy is configured (production)", async () => {
    const t = await production();
    expect(await recordedAddress(t, { "x-forwarded-for": FORGED })).toBe(CLIENT);
  });

  it("records the forwarded address when the peer is a configured proxy", async () => {
    const t = await production({ TRUST_PROXY: "198.51.100.0/24, 127.0.0.1" });
    expect(await recordedAddress(t, { "x-forwarded-for": FORGED })).toBe(FORGED);
  });

  it("ignores X-Forwarded-For from a peer that is not a configured proxy", async () => {
    const t = await production({ TRUST_PROXY: "loopback" });
    expect(await recordedAddress(t, { "x-forwarded-for": FORGED })).toBe(CLIENT);
  });

  it("refuses a TRUST_PROXY that names no address", async () => {
    await expect(production({ TRUST_PROXY: "everyone" })).rejects.toThrow(/TRUST_PROXY/);
  });

  describe("plain HTTP", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await production({ TRUST_PROXY: "198.51.100.7" });
    });
    const page = (host: string, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
      t.app.inject({
        method: "GET",
        url: "/search",
        remoteAddress,
        headers: { host, accept: "text/html", ...headers },
      });

    it("answers a page that says HTTPS is needed at a server's address, not a blank app", async () => {
      const res = await page("odin.example.org");
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("Odin needs HTTPS");
      expect(res.body).toContain("TRUST_PROXY");
    });

    it("serves the app on this machine's own address, and behind a TLS proxy it trusts", async () => {
      expect((await page("localhost:3000")).body).not.toContain("Odin needs HTTPS");
      expect((await page("127.0.0.1:3000")).body).not.toContain("Odin needs HTTPS");
      const proxied = await page("odin.example.org", { "x-forwarded-proto": "https" }, "198.51.100.7");
      expect(proxied.body).not.toContain("Odin needs HTTPS");
      // The same header from anyone else is not believed.
      const forged = await page("odin.example.org", { "x-forwarded-proto": "https" }, "192.0.2.9");
      expect(forged.body).toContain("Odin needs HTTPS");
    });

    it("leaves API calls alone (cameras and scripts on a private network)", async () => {
      const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { host: "odin.internal" } });
      expect(res.body).not.toContain("Odin needs HTTPS");
    });
  });
});
