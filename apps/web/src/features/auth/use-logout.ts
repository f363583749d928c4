import { use, useCallback, useRef } from "react";
import { AuthContext } from "react-oidc-context";
import { revokeSession } from "./api/revoke-session";
import { runSignOutCleanups, signOutAbandoned } from "@/lib/sign-out";
import { clearSignedIn } from "./session-marker";
import { errorReason } from "@/lib/error-reason";
import { leaveSessionNotice } from "@/lib/session-notice";

/**
 * Ends the session (spec 000 §2): first POST /session/revoke so the API refuses this session's tokens at
 * once (its failure does not stop the logout), then the identity provider's logout, which comes back to
 * the site origin. Undefined when sign-in is not configured.
 */
export function useLogout(): (() => void) | undefined {
  const auth = use(AuthContext);
  const running = useRef(false);

  const logout = useCallback(() => {
    if (!auth || running.current) return;
    running.current = true;
    // Live streams (the navigation's unread count) stop first (features/alerts/hooks/use-unread-alerts.ts).
    window.dispatchEvent(new Event("odin:signing-out"));
    clearSignedIn();
    // What the tab remembers goes with the session, e.g. the last results and recent searches (issue 20):
    // registered by app/provider.tsx (lib/sign-out.ts). From here on no sign-in or refresh starts.
    runSignOutCleanups();
    auth.stopSilentRenew();
    const origin = window.location.origin;
    void (async () => {
      try {
        await revokeSession();
      } catch (error) {
        // Said on the sign-in screen, not hidden (issue 34): the provider's logout below still runs, and
        // the person should know the server may not have ended this session.
        leaveSessionNotice({
          tone: "danger",
          text: `Odin's server could not confirm that your session ended (${errorReason(error) ?? "no answer"}). You were signed out here and at your identity provider; on a shared computer, close the browser too.`,
        });
      }
      // The refresh token dies at the provider too (RFC 7009, issue 34): a provider that keeps refresh
      // tokens past its own logout (offline_access) would otherwise renew this session. Where the
      // provider has no revocation endpoint this does nothing; Odin's own session row is ended above.
      try {
        await auth.revokeTokens(["refresh_token"]);
      } catch {
        // Said nowhere: the provider's logout and Odin's ended session still hold.
      }
      // On success the browser is on its way to the provider and this promise does not settle.
      // extraQueryParams: {} keeps the sign-in's `audience` off the logout address.
      await auth.signoutRedirect({ post_logout_redirect_uri: origin, extraQueryParams: {} });
      // Still here: the provider has no logout endpoint or could not be reached. The user is already
      // removed from memory; start over at the origin, signed out.
      await auth.removeUser();
      running.current = false;
      signOutAbandoned();
      window.location.assign(origin);
    })();
  }, [auth]);

  return auth ? logout : undefined;
}
