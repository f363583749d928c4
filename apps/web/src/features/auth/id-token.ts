import { CLIENT_DEFAULTS, ID_TOKEN_SIGNING_ALG } from "@odin/contract";

export interface IdTokenExpectations {
  /** The issuer the provider's discovery document names. */
  issuer: string;
  clientId: string;
  /** Seconds since the epoch. */
  now: number;
  leewaySeconds?: number;
}

/**
 * The ID-token checks of spec 000 §5 that oidc-client-ts leaves to the application (it checks the nonce
 * and the subject): signing algorithm RS256, exact issuer, audience (and authorized party), expiry and
 * issue time with 60 s leeway. The signature itself is not verified in the browser: the token comes
 * straight from the provider's token endpoint over TLS in exchange for a PKCE-bound code, which OpenID
 * Connect Core (3.1.3.7, step 6) accepts in place of it; the API verifies every access token fully.
 *
 * Returns what is wrong, or null when the token passes.
 */
export function checkIdToken(idToken: string, expected: IdTokenExpectations): string | null {
  const leeway = expected.leewaySeconds ?? CLIENT_DEFAULTS.tokenLeewaySeconds;
  const [rawHeader, rawPayload] = idToken.split(".");
  const header = decodePart(rawHeader);
  const payload = decodePart(rawPayload);
  if (!header || !payload) return "The ID token could not be read.";

  if (header.alg !== ID_TOKEN_SIGNING_ALG)
    return `The ID token is signed with ${String(header.alg)}, not ${ID_TOKEN_SIGNING_ALG}.`;
  if (payload.iss !== expected.issuer)
    return `The ID token was issued by ${String(payload.iss)}, not ${expected.issuer}.`;

  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expected.clientId)) return "The ID token was issued for another application.";
  if (audiences.length > 1 && payload.azp !== undefined && payload.azp !== expected.clientId)
    return "The ID token was issued for another application.";

  if (typeof payload.exp !== "number" || payload.exp + leeway < expected.now)
    return "The ID token has expired.";
  if (typeof payload.iat === "number" && payload.iat - leeway > expected.now)
    return "The ID token was issued in the future: check this computer's clock.";
  return null;
}

function decodePart(part: string | undefined): Record<string, unknown> | null {
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
