import { createContext, use, type ReactNode } from "react";
import type { NavUser } from "./nav-links";

/**
 * The signed-in user, or null when nobody is signed in. Until sign-in lands the app never provides a
 * value, so the nav bar shows the signed-out links; the sign-in work wraps the app in a provider that
 * loads GET /get-current-user after login.
 */
export const CurrentUserContext = createContext<NavUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: NavUser | null; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

export function useCurrentUser(): NavUser | null {
  return use(CurrentUserContext);
}
