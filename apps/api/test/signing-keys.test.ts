import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenVerifier } from "../src/identity/token-verifier";
import { loadPublicJwks, loadSigningKeys, rotateSigningKeys } from "../src/identity/signing-keys";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken } from "./tokens";

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
});
