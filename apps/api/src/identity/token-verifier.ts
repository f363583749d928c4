import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTHeaderParameters,
  type JWTPayload,
} from "jose";
import { LRUCache } from "lru-cache";
import type { VerifiedToken } from "../access/actor";
import type { IdentityConfig } from "../config/env";

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export class InvalidTokenError extends Error {}

/**
 * A valid token whose `amr`/`acr` do not show the multi-factor sign-in that OIDC_REQUIRED_AMR /
 * OIDC_REQUIRED_ACR ask for (issue 18 item 5): refused with 403 and a reason, not as an expired session.
 * It carries the verified token: an API client's token (client credentials, issue 38 item 2) shows no
 * sign-in at all, and the auth hook accepts it once the subject is found to be a client's account.
 */
export class MfaNotShownError extends Error {
  constructor(
    message: string,
    readonly token: VerifiedToken,
  ) {
    super(message);
  }
}

/** Whether a token's sign-in meets the configured requirement (each list empty: no requirement). */
export function meetsMfaRequirement(
  token: Pick<VerifiedToken, "amr" | "acr">,
  required: { amr: string[]; acr: string[] },
): boolean {
  if (required.amr.length && !token.amr.some((method) => required.amr.includes(method))) return false;
  if (required.acr.length && !(token.acr && required.acr.includes(token.acr))) return false;
  return true;
}

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

export type PublicKeys = { keys: Record<string, unknown>[] };

/** A kid that names no known key reloads the key set at most this often. */
const UNKNOWN_KID_RELOAD_MS = 60_000;
/** And all unknown kids together at most this many times a minute (forged tokens cost one query each). */
const MAX_RELOADS_PER_MINUTE = 30;

/**
 * The built-in provider's keys, read from the database (issue 21): replicas share them, and a token
 * signed by a key this process has not loaded yet (rotated on another replica) reloads the set once
 * instead of being refused.
 */
function databaseJwks(load: () => Promise<PublicKeys>): KeySource {
  let current: Promise<ReturnType<typeof createLocalJWKSet>> | undefined;
  const reloadedFor = new Map<string, number>();
  let reloads: number[] = [];
  const reload = () =>
    (current = load()
      .then((keys) => createLocalJWKSet(keys))
      .catch((error: unknown) => {
        current = undefined; // the database was away: ask again next time
        throw error;
      }));
  return async (header, token) => {
    try {
      return await (
        await (current ?? reload())
      )(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      const now = Date.now();
      const kid = header.kid ?? "";
      reloads = reloads.filter((at) => now - at < 60_000);
      if (
        now - (reloadedFor.get(kid) ?? 0) < UNKNOWN_KID_RELOAD_MS ||
        reloads.length >= MAX_RELOADS_PER_MINUTE
      )
        throw error;
      reloadedFor.set(kid, now);
      reloads.push(now);
      if (reloadedFor.size > 1_000) reloadedFor.clear();
      return (await reload())(header, token);
    }
  };
}

const LEEWAY_SECONDS = 60;
/** Longest lifetime accepted (exp - iat): issuers give access tokens minutes or hours, never days. */
const MAX_LIFETIME_SECONDS = 24 * 3600;

/**
 * The header types taken as an access token. RFC 9068's `at+jwt` (with or without `application/`) is
 * what the built-in provider (oidc-provider 9) and Auth0's RFC 9068 profile send. Auth0's default
 * profile, Keycloak and Entra ID send plain `JWT`, so an external issuer's `JWT` is accepted too (its
 * ID tokens are still refused by the audience, which is the API's, not the client's); from the
 * built-in provider `JWT` would be an ID token or a logout token, and is refused.
 */
function acceptedTypes(identity: IdentityConfig): ReadonlySet<string> {
  return new Set(identity.builtIn ? ["at+jwt"] : ["at+jwt", "jwt"]);
}

function keySource(
  identity: IdentityConfig,
  publicKeys?: PublicKeys | (() => Promise<PublicKeys>),
): KeySource {
  return typeof publicKeys === "function"
    ? databaseJwks(publicKeys)
    : publicKeys
      ? createLocalJWKSet(publicKeys)
      : discoveredJwks(identity.issuer);
}

/**
 * Verifies a bearer token as the issue asks: signature RS256 only (so `none` and HS256 are refused),
 * the exact issuer, the API's audience, expiry with 60 s of leeway; and (issue 18, finding 8) the
 * header's type, an issue time not in the future and a lifetime of at most a day.
 */
export function createTokenVerifier(
  identity: IdentityConfig,
  publicKeys?: PublicKeys | (() => Promise<PublicKeys>),
): TokenVerifier {
  const keys = keySource(identity, publicKeys);
  const types = acceptedTypes(identity);
  const verify = async (token: string): Promise<VerifiedToken> => {
    let payload: JWTPayload;
    try {
      let protectedHeader: JWTHeaderParameters;
      ({ payload, protectedHeader } = await jwtVerify(token, keys, {
        algorithms: ["RS256"],
        issuer: identity.issuer,
        audience: identity.audience,
        clockTolerance: LEEWAY_SECONDS,
        requiredClaims: ["sub", "exp", "iat"],
      }));
      const typ = protectedHeader.typ?.toLowerCase().replace(/^application\//, "");
      if (!typ || !types.has(typ))
        throw new InvalidTokenError(`not an access token (typ ${typ ?? "missing"})`);
      const now = Math.floor(Date.now() / 1000);
      if (payload.iat! > now + LEEWAY_SECONDS) throw new InvalidTokenError("issued in the future");
      if (payload.exp! - payload.iat! > MAX_LIFETIME_SECONDS)
        throw new InvalidTokenError("lifetime too long");
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof InvalidTokenError) {
        throw new InvalidTokenError(error.message);
      }
      throw error;
    }
    const verified: VerifiedToken = {
      sub: payload.sub!,
      sid: typeof payload.sid === "string" ? payload.sid : undefined,
      iat: payload.iat!,
      exp: payload.exp!,
      email: typeof payload.email === "string" ? payload.email : undefined,
      amr: Array.isArray(payload.amr) ? payload.amr.filter((m): m is string => typeof m === "string") : [],
      acr: typeof payload.acr === "string" ? payload.acr : undefined,
      claims: payload,
    };
    if (identity.requiredMfa && !meetsMfaRequirement(verified, identity.requiredMfa))
      throw new MfaNotShownError(
        `amr ${JSON.stringify(verified.amr)}, acr ${verified.acr ?? "none"}`,
        verified,
      );
    return verified;
  };
  return cacheVerifiedTokens(verify);
}

/** How long one verification is reused at most, and how many tokens are kept (per process). */
const VERIFIED_TOKEN_REUSE_SECONDS = 60;
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * A browser calls the API with the same access token for its whole life (minutes), and each call paid
 * the RS256 signature check again (0.4–0.5 ms of CPU, issue 42 item 0). A token verified once is
 * reused, for at most a minute and never past its expiry (with the same leeway); only successes are
 * kept. What can end a token before it expires is not a property of the token and is still read on
 * every call by the auth hook: the session (`revoked_at`), the user's `tokens_not_before`, the account
 * and its agency. A signing key's removal ends its tokens within the minute.
 */
function cacheVerifiedTokens(verify: TokenVerifier): TokenVerifier {
  const verified = new LRUCache<string, { token: VerifiedToken; until: number }>({
    max: VERIFIED_TOKENS_KEPT,
  });
  return async (token) => {
    const now = Date.now() / 1000;
    const kept = verified.get(token);
    if (kept && now < kept.until) return kept.token;
    const result = await verify(token);
    verified.set(token, {
      token: result,
      until: Math.min(result.exp + LEEWAY_SECONDS, now + VERIFIED_TOKEN_REUSE_SECONDS),
    });
    return result;
  };
}

/** An ID token's claims, once its signature, issuer, audience and dates are checked. */
export type IdTokenVerifier = (idToken: string) => Promise<Record<string, unknown>>;

/**
 * Issue 34: the ID token a web app hands over after signing in through an external issuer
 * (POST /session/link). Checked as OIDC Core §3.1.3.7 asks of a relying party that got it from the
 * token endpoint: the issuer's key (RS256), the exact issuer, Odin's client id as audience (and as
 * `azp` when there are several audiences), not expired. Its nonce was checked by the web app that
 * sent it; the server never saw the request that carried the nonce.
 */
export function createIdTokenVerifier(
  identity: IdentityConfig,
  publicKeys?: PublicKeys | (() => Promise<PublicKeys>),
): IdTokenVerifier {
  const keys = keySource(identity, publicKeys);
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        algorithms: ["RS256"],
        issuer: identity.issuer,
        audience: identity.clientId,
        clockTolerance: LEEWAY_SECONDS,
        requiredClaims: ["sub", "exp", "iat"],
      });
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== identity.clientId)
        throw new InvalidTokenError("the ID token's azp is not Odin's client");
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof InvalidTokenError) {
        throw new InvalidTokenError(error.message);
      }
      throw error;
    }
  };
}
