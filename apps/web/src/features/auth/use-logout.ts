import { use, useCallback, useRef } from "react";
import { AuthContext } from "react-oidc-context";
import { revokeSession } from "./api/revoke-session";
import { runSignOutCleanups, signOutAbandoned } from "@/lib/sign-out";
import { clearSignedIn } from "./session-marker";

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
      } catch {
        // The provider's logout below still ends the session; the tokens expire on their own.
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
