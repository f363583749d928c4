import { describe, expect, it } from "vitest";
import { checkIdToken } from "./id-token";

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const token = (
  payload: Record<string, unknown>,
  header: Record<string, unknown> = { alg: "RS256", kid: "k1" },
) => `${b64url(header)}.${b64url(payload)}.signature`;

const NOW = 1_750_000_000;
const ISSUER = "http://localhost:3000/oidc";
const GOOD = {
  iss: ISSUER,
  aud: "odin-web",
  sub: "u1",
  exp: NOW + 300,
  iat: NOW,
  email: "j.rivera@agency.example",
};
const expected = { issuer: ISSUER, clientId: "odin-web", now: NOW };

describe("checkIdToken", () => {
  it("accepts an RS256 token of the issuer, for this client, not expired", () => {
    expect(checkIdToken(token(GOOD), expected)).toBeNull();
    expect(
      checkIdToken(token({ ...GOOD, aud: ["odin-web", "other"], azp: "odin-web" }), expected),
    ).toBeNull();
  });

  it("refuses another signing algorithm", () => {
    expect(checkIdToken(token(GOOD, { alg: "HS256" }), expected)).toMatch(/HS256, not RS256/);
    expect(checkIdToken(token(GOOD, { alg: "none" }), expected)).toMatch(/not RS256/);
  });

  it("refuses another issuer or audience", () => {
    expect(checkIdToken(token({ ...GOOD, iss: "https://evil.example" }), expected)).toMatch(/issued by/);
    expect(checkIdToken(token({ ...GOOD, aud: "someone-else" }), expected)).toMatch(/another application/);
    expect(checkIdToken(token({ ...GOOD, aud: ["odin-web", "x"], azp: "x" }), expected)).toMatch(/another/);
  });

  it("allows 60 s of clock skew on expiry and issue time, no more", () => {
    expect(checkIdToken(token({ ...GOOD, exp: NOW - 60 }), expected)).toBeNull();
    expect(checkIdToken(token({ ...GOOD, exp: NOW - 61 }), expected)).toBe("The ID token has expired.");
    expect(checkIdToken(token({ ...GOOD, iat: NOW + 60 }), expected)).toBeNull();
    expect(checkIdToken(token({ ...GOOD, iat: NOW + 61 }), expected)).toMatch(/future/);
  });

  it("refuses what it cannot read", () => {
    expect(checkIdToken("not-a-jwt", expected)).toBe("The ID token could not be read.");
  });
});
