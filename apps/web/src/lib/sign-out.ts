/**
 * What the tab forgets when its user signs out, registered by the app (app/provider.tsx) so that the
 * sign-out (features/auth) need not import the features that keep something (features do not import
 * each other): e.g. the search's last results and recent searches (issue 20).
 */
const cleanups = new Set<() => void>();

/** Registers `cleanup` to run at every sign-out; returns the function that removes it again. */
export function onSignOut(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs every registered cleanup; one that throws does not stop the others. */
export function runSignOutCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Forgetting is best effort: the session ends either way.
    }
  }
}
