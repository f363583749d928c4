import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenVerifier } from "../src/identity/token-verifier";
import { loadPublicJwks, loadSigningKeys, rotateSigningKeys } from "../src/identity/signing-keys";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

describe("the built-in provider's signing keys", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it("are kept sealed in the database and survive a restart", async () => {
    const rows = await t.prisma.oidcSigningKey.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.privateJwkCiphertext).not.toContain('"d"');
    const again = await loadSigningKeys(t.prisma, t.secrets);
    expect(again.map((key) => key.kid)).toEqual([rows[0]!.kid]);
  });

  it("rotate: the new key signs first, the old one still verifies tokens it signed", async () => {
    const before = await mintToken(t, "odin|1");
    const [old] = await loadSigningKeys(t.prisma, t.secrets);
    const kid = await rotateSigningKeys(t.prisma, t.secrets);
    const keys = await loadSigningKeys(t.prisma, t.secrets);
    expect(keys.map((key) => key.kid)).toEqual([kid, old!.kid]);
    const verify = createTokenVerifier(t.config.identity, await loadPublicJwks(t.prisma));
    await expect(verify(before)).resolves.toMatchObject({ sub: "odin|1" });
    await expect(verify(await mintToken(t, "odin|2"))).resolves.toMatchObject({ sub: "odin|2" });
  });

  it("replicas starting together on an empty key table create one key between them", async () => {
    await t.prisma.$executeRaw`DELETE FROM oidc_signing_keys`;
    const loaded = await Promise.all(Array.from({ length: 6 }, () => loadSigningKeys(t.prisma, t.secrets)));
    expect(await t.prisma.oidcSigningKey.count()).toBe(1);
    expect(new Set(loaded.map(([key]) => key!.kid)).size).toBe(1);
  });

  it("a token signed by a key rotated on another replica is honoured here without a restart", async () => {
    const { investigator } = await seedPersonas(t);
    const bearer = async () => ({ authorization: `Bearer ${await mintToken(t, investigator)}` });
    // This replica has loaded the key set (a first request).
    expect(
      (await t.app.inject({ method: "GET", url: "/get-current-user", headers: await bearer() })).statusCode,
    ).toBe(200);
    // Another replica (or `odin rotate-signing-key`) rotates: its tokens carry the new key's id.
    const kid = await rotateSigningKeys(t.prisma, t.secrets);
    const headers = await bearer();
    expect(
      JSON.parse(Buffer.from(headers.authorization.split(".")[0]!.slice(7), "base64url").toString()).kid,
    ).toBe(kid);
    expect((await t.app.inject({ method: "GET", url: "/get-current-user", headers })).statusCode).toBe(200);
    // A made-up key id is still refused.
    const forged = headers.authorization.replace(
      /^Bearer [^.]+/,
      `Bearer ${Buffer.from(JSON.stringify({ alg: "RS256", typ: "at+jwt", kid: "nope" })).toString("base64url")}`,
    );
    expect(
      (await t.app.inject({ method: "GET", url: "/get-current-user", headers: { authorization: forged } }))
        .statusCode,
    ).toBe(401);
  });
});
