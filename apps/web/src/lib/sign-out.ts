/**
 * What the tab forgets when its user signs out, registered by the app (app/provider.tsx) so that the
 * sign-out (features/auth) need not import the features that keep something (features do not import
 * each other): e.g. the search's last results and recent searches (issue 20).
 */
const cleanups = new Set<() => void>();

/**
 * True from the moment Logout is pressed until the page leaves for the provider's logout. The sign-out
 * removes the user from memory before it navigates (oidc-client-ts does), so for a moment the app looks
 * signed out: nothing may start a sign-in (a protected route's redirect) or a token refresh then, or
 * that navigation races the logout's and the provider's session cookie ends up on the wrong one.
 */
let signingOut = false;

/** Registers `cleanup` to run at every sign-out; returns the function that removes it again. */
export function onSignOut(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Marks the tab as signing out and runs every registered cleanup; one that throws does not stop the others. */
export function runSignOutCleanups(): void {
  signingOut = true;
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Forgetting is best effort: the session ends either way.
    }
  }
}

/** Whether a sign-out is under way in this tab (see `signingOut`). */
export function isSigningOut(): boolean {
  return signingOut;
}

/** The sign-out did not leave the page (no provider logout): the tab may sign in again. */
export function signOutAbandoned(): void {
  signingOut = false;
}
