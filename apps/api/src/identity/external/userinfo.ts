/**
 * Issue 34: the person's e-mail when the ID token leaves it out. OIDC Core §5.4 lets an issuer return
 * the `email` and `profile` scopes' claims from UserInfo only when it also issued an access token, and
 * some do (Okta's "thin" ID token, `oidc-provider` by default). The web app's access token is then
 * presented at the issuer's UserInfo endpoint (from its discovery document); an answer for another
 * subject, or any failure, counts as nothing. Best effort: linking by e-mail simply does not happen.
 */
const TIMEOUT_MS = 5_000;

export type UserInfoFetcher = (
  accessToken: string,
  subject: string,
) => Promise<Record<string, unknown> | null>;

export function createUserInfoFetcher(issuer: string): UserInfoFetcher {
  let endpoint: Promise<string | null> | undefined;
  const discover = async (): Promise<string | null> => {
    const response = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const { userinfo_endpoint: url } = (await response.json()) as { userinfo_endpoint?: unknown };
    return typeof url === "string" ? url : null;
  };
  return async (accessToken, subject) => {
    try {
      endpoint ??= discover().catch((error: unknown) => {
        endpoint = undefined;
        throw error;
      });
      const url = await endpoint;
      if (!url) return null;
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok || !response.headers.get("content-type")?.includes("json")) return null;
      const claims = (await response.json()) as Record<string, unknown>;
      return claims && claims.sub === subject ? claims : null;
    } catch {
      return null;
    }
  };
}
