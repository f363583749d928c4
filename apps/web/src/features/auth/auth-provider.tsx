import { UserManager, type User } from "oidc-client-ts";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { AuthProvider } from "react-oidc-context";
import { registerTokenSource, type TokenSource } from "@/lib/api-client";
import type { OidcConfig } from "@/lib/config";
import { buildUserManagerSettings, CALLBACK_PATH, returnToFromState } from "./auth-settings";

export interface OdinAuthProviderProps {
  oidc: OidcConfig;
  /** Moves the app to a path, replacing the history entry (the router's navigate). */
  onNavigate: (to: string) => void;
  children: ReactNode;
}

/**
 * Sign-in for the whole app: react-oidc-context's AuthProvider over one UserManager built from the
 * runtime configuration, and the token source of the API client (lib/api-client.ts) bound to it.
 *
 * At start-up the provider either completes the login (on /callback, with code and state in the address)
 * or checks its store for a user; with tokens in memory only, a fresh page has none, so the state goes
 * from loading to signed out at once and the screens take it from there (login button, or a protected
 * route's automatic redirect to sign-in).
 */
export function OdinAuthProvider({ oidc, onNavigate, children }: OdinAuthProviderProps) {
  const [userManager] = useState(() => new UserManager(buildUserManagerSettings(oidc, window.location.origin)));
  // Only Odin's own return address completes a login; a stray ?code=&state= elsewhere is left alone.
  const [skipSigninCallback] = useState(() => window.location.pathname !== CALLBACK_PATH);

  useEffect(() => registerTokenSource(createTokenSource(userManager)), [userManager]);

  // Replacing the /callback entry drops code and state from the address (and from the history).
  const onSigninCallback = useCallback(
    (user: User | undefined) => onNavigate(returnToFromState(user?.state)),
    [onNavigate],
  );

  return (
    <AuthProvider
      userManager={userManager}
      onSigninCallback={onSigninCallback}
      skipSigninCallback={skipSigninCallback}
    >
      {children}
    </AuthProvider>
  );
}

/**
 * The API client's tokens: the stored access token, and a refresh that goes to the identity provider
 * (signinSilent uses the refresh token). Concurrent 401s share one refresh: providers that rotate refresh
 * tokens treat a second use of the same one as theft and end the session.
 */
export function createTokenSource(userManager: Pick<UserManager, "getUser" | "signinSilent">): TokenSource {
  let refreshing: Promise<string | null> | null = null;
  return {
    async getAccessToken() {
      const user = await userManager.getUser();
      return user?.access_token ?? null;
    },
    refreshAccessToken() {
      refreshing ??= userManager
        .signinSilent()
        .then((user) => user?.access_token ?? null)
        .catch(() => null)
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    },
  };
}
