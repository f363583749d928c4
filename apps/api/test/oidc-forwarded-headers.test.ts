import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";

/**
 * The built-in provider's discovery document and endpoints come from ODIN_PUBLIC_URL, never from the
 * request's Host or a forwarded header a client made up (issue 34 item 5, issue 35 item 4): a forged
 * host would otherwise send a relying party's code and tokens to an address of the forger's choosing.
 */
describe("the built-in provider and forwarded headers", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  const discovery = async (t: TestApp, headers: Record<string, string>, remoteAddress = "192.0.2.9") => {
    const res = await t.app.inject({
      method: "GET",
      url: "/oidc/.well-known/openid-configuration",
      remoteAddress,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<Record<string, string>>();
  };

  for (const [label, env] of [
    ["no proxy configured", {}],
    ["a proxy configured", { TRUST_PROXY: "192.0.2.0/24" }],
  ] as const) {
    it(`answers ODIN_PUBLIC_URL's endpoints whatever Host and X-Forwarded-* say (${label})`, async () => {
      const t = await buildTestApp({
        NODE_ENV: "production",
        ODIN_SECRETS_KEY: randomBytes(32).toString("hex"),
        ODIN_PUBLIC_URL: "https://odin.example.org",
        ...env,
      });
      apps.push(t);
      const forged: Record<string, string>[] = [
        { host: "evil.example.net" },
        { host: "odin.example.org", "x-forwarded-host": "evil.example.net", "x-forwarded-proto": "http" },
      ];
      for (const headers of forged) {
        const document = await discovery(t, headers);
        expect(document.issuer).toBe("https://odin.example.org/oidc");
        for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri", "end_session_endpoint"]) {
          expect(document[key], key).toMatch(/^https:\/\/odin\.example\.org\/oidc\//);
        }
      }
    });
  }
});
