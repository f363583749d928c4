import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from "jose";
import type { IdentityConfig } from "../config/env";

export interface VerifiedToken {
  sub: string;
  /** The sign-in session, when the issuer names it (the built-in provider always does). */
  sid: string | undefined;
  iat: number;
  exp: number;
  email: string | undefined;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export class InvalidTokenError extends Error {}

type KeySource = Parameters<typeof jwtVerify>[1];

/** The issuer's JWKS, discovered from its metadata on first use (Auth0, Keycloak, Entra ID...). */
function discoveredJwks(issuer: string): KeySource {
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async (header, token) => {
    if (!jwks) {
      const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok)
        throw new InvalidTokenError(`the identity provider's metadata is unavailable (${response.status})`);
      const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
      if (!jwksUri) throw new InvalidTokenError("the identity provider publishes no jwks_uri");
      jwks = createRemoteJWKSet(new URL(jwksUri));
    }
    return jwks(header, token);
  };
}

/**
 * Verifies a bearer token as the issue asks: signature RS256 only (so `none` and HS256 are refused),
 * the exact issuer, the API's audience, expiry with 60 s of leeway.
 */
export function createTokenVerifier(
  identity: IdentityConfig,
  publicKeys?: { keys: Record<string, unknown>[] },
): TokenVerifier {
  const keys: KeySource = publicKeys ? createLocalJWKSet(publicKeys) : discoveredJwks(identity.issuer);
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ["RS256"],
        issuer: identity.issuer,
        audience: identity.audience,
        clockTolerance: 60,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof InvalidTokenError) {
        throw new InvalidTokenError(error.message);
      }
      throw error;
    }
    return {
      sub: payload.sub!,
      sid: typeof payload.sid === "string" ? payload.sid : undefined,
      iat: payload.iat!,
      exp: payload.exp!,
      email: typeof payload.email === "string" ? payload.email : undefined,
    };
  };
}
