import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { createTokenVerifier, InvalidTokenError } from "../src/identity/token-verifier";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

describe("bearer token checks", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    subjects = await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const call = (token?: string) =>
    t.app.inject({
      method: "GET",
      url: "/get-current-user",
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const refused = async (token: string | undefined, status: number) => {
    const res = await call(token);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN");
  };

  it("accepts a valid RS256 token of the built-in provider", async () => {
    const res = await call(await mintToken(t, subjects.investigator));
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe("hartford.investigator");
  });

  it("refuses no token, garbage and alg none", async () => {
    await refused(undefined, 401);
    await refused("not-a-jwt", 401);
    const valid = await mintToken(t, subjects.investigator);
    const [, payload] = valid.split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    await refused(none, 401);
  });

  it("refuses HS256, even signed with something a client could know", async () => {
    const now = Math.floor(Date.now() / 1000);
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(t.config.identity.issuer)
      .setAudience(t.config.identity.audience)
      .setSubject(subjects.investigator)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode("odin-web-and-some-more-bytes-for-hmac"));
    await refused(hs, 401);
  });

  it("refuses a wrong issuer or audience", async () => {
    await refused(await mintToken(t, subjects.investigator, { issuer: "https://evil.example/oidc" }), 401);
    await refused(await mintToken(t, subjects.investigator, { audience: "urn:someone-else" }), 401);
  });

  it("allows 60 s of clock leeway on expiry, not more", async () => {
    expect((await call(await mintToken(t, subjects.investigator, { expiresIn: -30 }))).statusCode).toBe(200);
    await refused(await mintToken(t, subjects.investigator, { expiresIn: -90 }), 401);
  });

  it("accepts only access tokens by their type: at+jwt or application/at+jwt (issue 18, finding 8)", async () => {
    const mint = (typ: string | null) => mintToken(t, subjects.investigator, { typ });
    expect((await call(await mint("at+jwt"))).statusCode).toBe(200);
    expect((await call(await mint("application/at+jwt"))).statusCode).toBe(200);
    // An ID token or any other JWT of the issuer is not an access token.
    await refused(await mint("JWT"), 401);
    await refused(await mint(null), 401);
    await refused(await mint("logout+jwt"), 401);
  });

  it("refuses a token issued in the future (beyond 60 s) or valid for more than a day", async () => {
    expect((await call(await mintToken(t, subjects.investigator, { issuedAt: 30 }))).statusCode).toBe(200);
    await refused(await mintToken(t, subjects.investigator, { issuedAt: 120 }), 401);
    await refused(await mintToken(t, subjects.investigator, { expiresIn: 25 * 3600 }), 401);
    expect((await call(await mintToken(t, subjects.investigator, { expiresIn: 23 * 3600 }))).statusCode).toBe(
      200,
    );
  });

  it("refuses a revoked session's token with 401", async () => {
    const token = await mintToken(t, subjects.investigator);
    const revoke = await t.app.inject({
      method: "POST",
      url: "/session/revoke",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.statusCode).toBe(200);
    await refused(token, 401);
  });

  it("refuses tokens issued before a revoke when the issuer names no session", async () => {
    const noSid = await mintToken(t, subjects.hotlistViewer, { claims: { sid: undefined } });
    expect((await call(noSid)).statusCode).toBe(200);
    await t.app.inject({
      method: "POST",
      url: "/session/revoke",
      headers: { authorization: `Bearer ${noSid}` },
    });
    await refused(noSid, 401);
  });

  it("answers 403 for unknown subjects, unapproved and deleted users", async () => {
    await refused(await mintToken(t, "odin|999999"), 403);
    await t.prisma.user.update({ where: { username: "hartford.hotlistadmin" }, data: { approved: false } });
    await refused(await mintToken(t, subjects.hotlistAdmin), 403);
    await t.prisma.user.update({ where: { username: "newhaven.admin" }, data: { deletedAt: new Date() } });
    await refused(await mintToken(t, subjects.otherAgencyAdmin), 403);
  });
});

describe("access-token types of an external issuer", () => {
  const identity = {
    builtIn: false,
    issuer: "https://tenant.example/",
    clientId: "odin-web",
    audience: "urn:odin:api",
  };
  const sign = async (typ: string | undefined, key: Parameters<SignJWT["sign"]>[0], kid: string) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: "RS256", kid, ...(typ ? { typ } : {}) })
      .setIssuer(identity.issuer)
      .setAudience(identity.audience)
      .setSubject("auth0|someone")
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
  };

  it("accepts at+jwt and the plain JWT that Auth0's default profile, Keycloak and Entra ID send", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const verify = createTokenVerifier(identity, {
      keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" }],
    });
    for (const typ of ["at+jwt", "application/at+jwt", "JWT"]) {
      expect((await verify(await sign(typ, privateKey, "k1"))).sub).toBe("auth0|someone");
    }
    await expect(verify(await sign(undefined, privateKey, "k1"))).rejects.toThrow(InvalidTokenError);
    await expect(verify(await sign("logout+jwt", privateKey, "k1"))).rejects.toThrow(InvalidTokenError);
  });

  it("reuses a verification for at most a minute and never past the token's expiry (issue 42)", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const verify = createTokenVerifier(identity, {
      keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" }],
    });
    const start = new Date();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    try {
      const token = await sign("at+jwt", privateKey, "k1"); // expires in 600 s
      const first = await verify(token);
      expect(await verify(token)).toBe(first); // the same verification, not a second signature check
      vi.setSystemTime(start.getTime() + 61_000);
      const second = await verify(token);
      expect(second).not.toBe(first); // checked again after a minute
      expect(second.sub).toBe(first.sub);
      // Past its expiry and the 60 s leeway the kept verification is not used: the token is refused.
      // Verified again at 630 s: kept until 660 s (expiry + leeway), not 690 s (a minute later).
      for (const at of [120, 300, 630]) {
        vi.setSystemTime(start.getTime() + at * 1000);
        await verify(token);
      }
      vi.setSystemTime(start.getTime() + 665_000);
      await expect(verify(token)).rejects.toThrow(InvalidTokenError);
    } finally {
      vi.useRealTimers();
    }
  });
});
