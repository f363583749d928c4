import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env";
import { createTokenVerifier, MfaNotShownError } from "../src/identity/token-verifier";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

/**
 * External issuers do their own MFA (issue 18 item 5): OIDC_REQUIRED_AMR / OIDC_REQUIRED_ACR make Odin
 * refuse their tokens unless `amr` / `acr` show it.
 */
describe("an external issuer's tokens must show MFA when OIDC_REQUIRED_AMR / OIDC_REQUIRED_ACR say so", () => {
  const config = loadConfig(
    {
      NODE_ENV: "test",
      OIDC_ISSUER: "https://tenant.example/",
      OIDC_REQUIRED_AMR: "mfa, otp,hwk",
      OIDC_REQUIRED_ACR: "http://schemas.openid.net/pape/policies/2007/06/multi-factor",
    },
    projectRoot,
  );
  const sign = async (claims: JWTPayload, key: Parameters<SignJWT["sign"]>[0]) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "k1", typ: "JWT" })
      .setIssuer("https://tenant.example/")
      .setAudience(config.identity.audience)
      .setSubject("auth0|someone")
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
  };

  it("reads both lists from the environment", () => {
    expect(config.identity.requiredMfa).toEqual({
      amr: ["mfa", "otp", "hwk"],
      acr: ["http://schemas.openid.net/pape/policies/2007/06/multi-factor"],
    });
    expect(loadConfig({ NODE_ENV: "test" }, projectRoot).identity.requiredMfa).toEqual({ amr: [], acr: [] });
  });

  it("accepts a token whose amr and acr show MFA, refuses one without", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const verify = createTokenVerifier(config.identity, {
      keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" }],
    });
    const acr = "http://schemas.openid.net/pape/policies/2007/06/multi-factor";
    expect((await verify(await sign({ amr: ["pwd", "mfa"], acr }, privateKey))).amr).toEqual(["pwd", "mfa"]);
    await expect(verify(await sign({ amr: ["pwd"], acr }, privateKey))).rejects.toThrow(MfaNotShownError);
    await expect(verify(await sign({ acr }, privateKey))).rejects.toThrow(MfaNotShownError);
    await expect(verify(await sign({ amr: ["otp"], acr: "0" }, privateKey))).rejects.toThrow(
      MfaNotShownError,
    );
    await expect(verify(await sign({ amr: ["otp"] }, privateKey))).rejects.toThrow(MfaNotShownError);
  });
});

describe("the API answers 403 with the reason when a token does not show the required MFA", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  beforeAll(async () => {
    t = await buildTestApp({ OIDC_REQUIRED_AMR: "otp,mfa" });
    subjects = await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const profile = async (claims: JWTPayload) =>
    t.app.inject({
      method: "GET",
      url: "/profile-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator, { claims })}` },
    });

  it("refuses amr [pwd] (403, said why) and accepts amr [pwd, otp]", async () => {
    const refused = await profile({ amr: ["pwd"] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain("multi-factor");
    expect((await profile({ amr: ["pwd", "otp"] })).statusCode).toBe(200);
  });
});
