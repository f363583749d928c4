import { CLIENT_DEFAULTS, LOGIN_SCOPE } from "@odin/contract";
import { InMemoryWebStorage, WebStorageStateStore, type UserManagerSettings } from "oidc-client-ts";
import type { OidcConfig } from "@/lib/config";
import { CALLBACK_PATH } from "@/lib/return-to";

// Where a sign-in goes afterwards lives in lib/return-to.ts: other features start sign-ins too.
export {
  CALLBACK_PATH,
  DEFAULT_RETURN_TO,
  returnToFromState,
  safeReturnTo,
  signinState,
  type SigninState,
} from "@/lib/return-to";

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * The login client's settings (spec 000 §2, §4, §9) for the identity provider the server names:
 * authorization code + PKCE (S256, oidc-client-ts's default for "code"), scope 'openid profile email
 * offline_access', the API as audience, return to {origin}/callback and, after logout, to the origin.
 *
 * - Tokens live in memory only: a reload or a new tab starts signed out (the silent check at start-up
 *   finds nothing), and the redirect login brings the user back where they were going.
 * - The sign-in request's own state (PKCE verifier, nonce, return target) must survive the redirect, so it
 *   sits in sessionStorage: this tab only, gone when the tab closes, and never a token.
 * - Silent renew uses the refresh token (offline_access) shortly before the access token expires.
 * - Going to the provider (sign-in, sign-out) replaces the current history entry, and the callback
 *   replaces /callback with where the user was going: Back never meets a sign-in address.
 *
 * The spec's client defaults, where oidc-client-ts has a matching setting: HTTP timeout 10 s (every
 * request to the provider, refreshes included); token leeway 60 s (renewal starts 60 s before expiry;
 * oidc-client-ts 3 has no clock-skew setting, it does not validate token times itself); popup timeout
 * 60 s (a popup sign-in, not used by Odin today, closes after 60 s); up to 3 retries of a timed-out
 * renewal. The 1-day session cookie has no equivalent: nothing is stored beyond the tab's memory.
 */
export function buildUserManagerSettings(oidc: OidcConfig, origin: string): UserManagerSettings {
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: origin,
    response_type: "code",
    scope: oidc.scope.trim() || LOGIN_SCOPE,
    // Auth0 issues a JWT for the API only when asked with `audience`; Odin's built-in provider grants
    // the API resource by default and ignores it.
    extraQueryParams: { audience: oidc.audience },
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    // The profile comes from the ID token; the user-info endpoint may refuse an access token issued for
    // the API (Odin's built-in provider does), and GET /get-current-user has the rest.
    loadUserInfo: false,
    monitorSession: false,
    requestTimeoutInSeconds: seconds(CLIENT_DEFAULTS.httpTimeoutMs),
    silentRequestTimeoutInSeconds: seconds(CLIENT_DEFAULTS.httpTimeoutMs),
    accessTokenExpiringNotificationTimeInSeconds: CLIENT_DEFAULTS.tokenLeewaySeconds,
    maxSilentRenewTimeoutRetries: CLIENT_DEFAULTS.tokenRetries,
    popupWindowFeatures: { closePopupWindowAfterInSeconds: seconds(CLIENT_DEFAULTS.popupTimeoutMs) },
    // Issue 40: the trip to the provider replaces the page's history entry instead of adding one. A
    // reload signs in again (tokens in memory), and a pushed trip left the reloaded page (and once the
    // used /callback?code=… address) behind Back, which then led straight back to the same page.
    redirectMethod: "replace",
  };
}
