import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
