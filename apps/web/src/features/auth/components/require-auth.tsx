import { useEffect, useRef } from "react";
import { useAuth } from "react-oidc-context";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { useCurrentUserState } from "@/lib/auth/current-user";
import { LoadingScreen } from "@/components/layouts/loading-screen";
import { isApiError } from "@/lib/api-client";
import { signinState } from "../auth-settings";
import { getCurrentUser } from "../../../lib/auth/get-current-user";
import { getIdleLockMinutes } from "@/lib/config";
import { isSigningOut } from "@/lib/sign-out";
import { useLogout } from "../use-logout";
import { IdleLock } from "./idle-lock";
import {
  AccountLoadFailedPage,
  AccountPendingPage,
  SessionRefusedPage,
  SignInFailedPage,
} from "./access-pages";

export const CHANGE_PASSWORD_PATH = "/change-password";

/**
 * Route element around every screen that needs a signed-in user (all but /, /callback, /terms and
 * /privacy). A visitor who is not signed in is sent to sign-in at once and comes back to the same
 * address; once signed in, the current user is loaded before the screen shows. A 403 shows the
 * approval page; a user whose password must change is kept on /change-password until it has.
 */
export function RequireAuth() {
  const auth = useAuth();
  const { pathname, search, hash } = useLocation();
  const current = useCurrentUserState();
  const logout = useLogout();
  const redirecting = useRef(false);

  const returnTo = `${pathname}${search}${hash}`;
  const mustSignIn = !auth.isLoading && !auth.isAuthenticated && !auth.activeNavigator && !auth.error;

  useEffect(() => {
    if (auth.isAuthenticated) redirecting.current = false;
    // Logout removes the user before it leaves for the provider: no sign-in may race that navigation.
    if (!mustSignIn || redirecting.current || isSigningOut()) return;
    redirecting.current = true;
    void auth.signinRedirect({ state: signinState(returnTo) });
  }, [mustSignIn, auth, returnTo]);

  const signInAgain = () => void auth.signinRedirect({ state: signinState(returnTo) });

  if (!auth.isAuthenticated) {
    if (auth.error && !auth.isLoading)
      return <SignInFailedPage message={auth.error.message} onRetry={signInAgain} />;
    return <LoadingScreen />;
  }

  if (current.status === "error") {
    const detail = current.error?.message;
    if (isApiError(current.error, 403))
      return <AccountPendingPage detail={detail} onRetry={current.retry} onLogout={logout} />;
    if (isApiError(current.error, 401))
      return <SessionRefusedPage detail={detail} onRetry={signInAgain} onLogout={logout} />;
    return <AccountLoadFailedPage detail={detail} onRetry={current.retry} onLogout={logout} />;
  }

  if (current.status !== "ready" || !current.user) return <LoadingScreen />;

  if (!current.user.approved) return <AccountPendingPage onRetry={current.retry} onLogout={logout} />;

  if (current.user.must_change_password && pathname !== CHANGE_PASSWORD_PATH)
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;

  // CJIS 5.5.5: idle for the server's limit, the screen locks until the password is given again.
  const unlock = () => void auth.signinRedirect({ state: signinState(returnTo), prompt: "login" });
  // Locked, the tab goes quiet: no token renewal, no live stream (whose reconnects would count as
  // activity), so the server's idle limit ends the session (issue 36, F5).
  // The user is there though the screen calls nothing: an authenticated call moves the server's count.
  const reportActivity = () => void getCurrentUser().catch(() => undefined);
  const lock = () => {
    auth.stopSilentRenew();
    window.dispatchEvent(new Event("odin:signing-out")); // the live streams stop, as on Logout
  };
  return (
    <>
      <IdleLock
        idleMinutes={getIdleLockMinutes()}
        onUnlock={unlock}
        onLock={lock}
        onActivity={reportActivity}
        onSignOut={logout}
      />
      <Outlet />
    </>
  );
}
