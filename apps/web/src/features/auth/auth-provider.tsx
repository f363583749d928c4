import { UserManager, type SigninRedirectArgs, type User } from "oidc-client-ts";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { AuthProvider } from "react-oidc-context";
import { registerTokenSource, type TokenSource } from "@/lib/api-client";
import type { OidcConfig } from "@/lib/config";
import { buildUserManagerSettings, CALLBACK_PATH, returnToFromState } from "./auth-settings";
import { isSigningOut } from "@/lib/sign-out";
import { checkIdToken } from "./id-token";
import { clearLocked, clearSignedIn, markSignedIn, wasLocked } from "./session-marker";
import { MESSAGES } from "@odin/contract";
import { getIdentitySettings } from "@/lib/config";
import { leaveSessionNotice } from "@/lib/session-notice";

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
/**
 * The UserManager of the app: once this tab's screen locked (idle-lock.tsx), every sign-in it starts
 * asks the provider for the password (prompt=login), so neither "Sign in again" nor a reload of the
 * locked tab resumes the session through the provider's cookie (issue 36, F5).
 */
export class OdinUserManager extends UserManager {
  override signinRedirect(args: SigninRedirectArgs = {}): Promise<void> {
    // A nonce with every request (issue 34): oidc-client-ts sends and checks one only when given one.
    const withNonce = { nonce: randomNonce(), ...args };
    const prompt = wasLocked() ? "login" : (args.prompt ?? getIdentitySettings().prompt);
    return super.signinRedirect(prompt ? { ...withNonce, prompt } : withNonce);
  }
}

/** 128 random bits, URL-safe: the ID token must carry it back (OIDC Core §3.1.2.1, §3.1.3.7 step 11). */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function OdinAuthProvider({ oidc, onNavigate, children }: OdinAuthProviderProps) {
  const [userManager] = useState(
    () => new OdinUserManager(buildUserManagerSettings(oidc, window.location.origin)),
  );
  // Only Odin's own return address completes a login; a stray ?code=&state= elsewhere is left alone.
  const [skipSigninCallback] = useState(() => window.location.pathname !== CALLBACK_PATH);

  useEffect(() => registerTokenSource(createTokenSource(userManager)), [userManager]);

  // Checks the ID token (a throw here becomes the 'Auth error: ...' of the callback screen), then moves
  // on; replacing the /callback entry drops code and state from the address and the history.
  const onSigninCallback = useCallback(
    async (user: User | undefined) => {
      const problem = await idTokenProblem(userManager, user);
      if (problem) {
        await userManager.removeUser();
        throw new Error(problem);
      }
      markSignedIn();
      clearLocked(); // signed in again, with the password when the tab was locked
      onNavigate(returnToFromState(user?.state));
    },
    [userManager, onNavigate],
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

async function idTokenProblem(userManager: UserManager, user: User | undefined): Promise<string | null> {
  if (!user?.id_token) return "The identity provider sent no ID token.";
  return checkIdToken(user.id_token, {
    issuer: await userManager.metadataService.getIssuer(),
    clientId: userManager.settings.client_id,
    now: Date.now() / 1000,
  });
}

/**
 * The API client's tokens: the stored access token, and a refresh that goes to the identity provider
 * (signinSilent uses the refresh token). Concurrent 401s share one refresh: providers that rotate refresh
 * tokens treat a second use of the same one as theft and end the session.
 */
export function createTokenSource(
  userManager: Pick<UserManager, "getUser" | "signinSilent"> & Partial<Pick<UserManager, "removeUser">>,
): TokenSource {
  let refreshing: Promise<string | null> | null = null;
  let ended = false;
  return {
    sessionEnded() {
      if (ended || isSigningOut()) return;
      ended = true;
      leaveSessionNotice({ tone: "warning", text: MESSAGES.sessionEnded });
      clearSignedIn();
      void (userManager.removeUser?.() ?? Promise.resolve()).finally(() => window.location.assign("/"));
    },
    async getAccessToken() {
      const user = await userManager.getUser();
      return user?.access_token ?? null;
    },
    refreshAccessToken() {
      // Signing out: the session was just revoked, a refresh would only fail (or race the logout).
      if (isSigningOut()) return Promise.resolve(null);
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
