import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from "jose";

/**
 * A stand-in for an agency's identity provider as the API sees it: its discovery document and key set
 * over real HTTP, and tokens signed with its key as Entra ID, Okta or Keycloak would sign them (an
 * access token for Odin's audience with `typ: JWT`, an ID token for Odin's client). The browser flow
 * against a real, separate provider is the e2e test's (e2e/tests/agency-idp.spec.ts).
 */
export interface ExternalIssuer {
  issuer: string;
  accessToken(subject: string, claims?: JWTPayload, options?: { issuedAt?: number }): Promise<string>;
  idToken(subject: string, claims?: JWTPayload): Promise<string>;
  /** A token signed by a key the issuer does not publish. */
  forgedIdToken(subject: string, claims?: JWTPayload): Promise<string>;
  /** UserInfo's answers by subject (a "thin" ID token's e-mail comes from there). */
  userInfo: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startExternalIssuer(options: {
  audience: string;
  clientId: string;
}): Promise<ExternalIssuer> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "agency-key-1", alg: "RS256", use: "sig" };
  let issuer = "";
  const userInfo = new Map<string, Record<string, unknown>>();
  const server: Server = createServer((request, response) => {
    // UserInfo answers whoever the bearer's subject is (read unchecked: a stand-in, not a verifier).
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    const subject = bearer
      ? (JSON.parse(Buffer.from(bearer.split(".")[1]!, "base64url").toString()) as { sub: string }).sub
      : "";
    const body =
      request.url === "/.well-known/openid-configuration"
        ? {
            issuer,
            jwks_uri: `${issuer}/jwks`,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            userinfo_endpoint: `${issuer}/userinfo`,
          }
        : request.url === "/jwks"
          ? { keys: [jwk] }
          : request.url === "/userinfo" && userInfo.has(subject)
            ? { sub: subject, ...userInfo.get(subject) }
            : null;
    response.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (key: CryptoKey, subject: string, audience: string, claims: JWTPayload, issuedAt = -5) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "agency-key-1", typ: "JWT" })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(now + issuedAt)
      .setExpirationTime(now + issuedAt + 600)
      .setJti(randomUUID())
      .sign(key);
  };
  return {
    issuer,
    accessToken: (subject, claims = {}, { issuedAt } = {}) =>
      sign(privateKey, subject, options.audience, claims, issuedAt),
    idToken: (subject, claims = {}) =>
      sign(privateKey, subject, options.clientId, { nonce: "n-0S6_WzA2Mj", ...claims }),
    forgedIdToken: (subject, claims = {}) => sign(stranger.privateKey, subject, options.clientId, claims),
    userInfo,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
