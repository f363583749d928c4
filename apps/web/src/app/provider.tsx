import type { ReactNode } from "react";

/**
 * App-wide providers, outermost first. The sign-in work adds the identity provider and the
 * CurrentUserProvider (loading GET /get-current-user) here.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
