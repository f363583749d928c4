import type { TCurrentUser } from "@odin/contract";
import type { User, UserManagerSettings } from "oidc-client-ts";
import type { ReactNode } from "react";
import { AuthContext, type AuthContextProps } from "react-oidc-context";
import { afterEach, beforeEach, vi, type Mock } from "vitest";
import { CurrentUserContext, type CurrentUserValue } from "@/lib/auth/current-user";
import { registerTokenSource } from "@/lib/api-client";
import { TestQueryProvider } from "./query";

/** Test personas, shaped as GET /get-current-user answers them. */
export const INVESTIGATOR: TCurrentUser = {
  username: "j.rivera",
  role: "user",
  hotlist_admin: false,
  hotlist_viewer: false,
  approved: true,
  agency_id: 1,
  name: "Jordan Rivera",
  email: "j.rivera@agency.example",
};
export const ADMIN: TCurrentUser = { ...INVESTIGATOR, username: "a.chen", role: "admin", name: "Ada Chen" };

/** A signed-in oidc-client-ts user, as far as the screens read it. */
export function oidcUser(email = "j.rivera@agency.example"): User {
  return {
    access_token: "access-token",
    expired: false,
    profile: { sub: "subject-1", email, iss: "https://idp.example", aud: "odin-web", exp: 0, iat: 0 },
    state: undefined,
  } as unknown as User;
}

type MethodKey = {
  [K in keyof AuthContextProps]-?: AuthContextProps[K] extends (...args: never[]) => unknown ? K : never;
}[keyof AuthContextProps];

/** useAuth()'s value with every method a vitest spy (plain properties, so assertions can read them). */
export type StubAuth = Omit<AuthContextProps, MethodKey> & {
  [K in MethodKey]: Mock<AuthContextProps[K]>;
};

/**
 * What useAuth() returns, with every method a spy. `signinRedirect` and `signoutRedirect` never settle,
 * like the real ones once the browser is on its way to the identity provider.
 */
export function stubAuth(overrides: Partial<StubAuth> = {}): StubAuth {
  const never = () => new Promise<never>(() => {});
  const settings: UserManagerSettings = {
    authority: "https://idp.example",
    client_id: "odin-web",
    redirect_uri: "",
  };
  return {
    isLoading: false,
    isAuthenticated: false,
    user: null,
    settings,
    events: {} as AuthContextProps["events"],
    clearStaleState: vi.fn(async () => {}),
    removeUser: vi.fn(async () => {}),
    signinPopup: vi.fn(never),
    signinSilent: vi.fn(async () => null),
    signinRedirect: vi.fn(never),
    signinResourceOwnerCredentials: vi.fn(never),
    signoutRedirect: vi.fn(never),
    signoutPopup: vi.fn(never),
    signoutSilent: vi.fn(async () => {}),
    querySessionStatus: vi.fn(async () => null),
    revokeTokens: vi.fn(async () => {}),
    startSilentRenew: vi.fn(),
    stopSilentRenew: vi.fn(),
    ...overrides,
  };
}

export const signedInAuth = (overrides: Partial<StubAuth> = {}) =>
  stubAuth({ isAuthenticated: true, user: oidcUser(), ...overrides });

/** The current user's context value for a test: ready with `user`, or the given state. */
export function currentUserValue(
  value: Partial<CurrentUserValue> & { user?: TCurrentUser | null },
): CurrentUserValue {
  const user = value.user ?? null;
  return {
    status: user ? "ready" : "signed-out",
    error: null,
    refresh: vi.fn(async () => user),
    retry: vi.fn(),
    ...value,
    user,
  };
}

/**
 * Renders children as the app does once sign-in is wired: the auth context, the current user and a
 * QueryClient of this render's own (testing/query.tsx).
 */
export function TestAuthProviders({
  auth,
  currentUser,
  children,
}: {
  auth: AuthContextProps;
  currentUser: CurrentUserValue;
  children: ReactNode;
}) {
  return (
    <AuthContext value={auth}>
      <CurrentUserContext value={currentUser}>
        <TestQueryProvider>{children}</TestQueryProvider>
      </CurrentUserContext>
    </AuthContext>
  );
}

/** A token source for API calls in tests; returns the function that removes it. */
export function registerTestTokens(token = "access-token", refreshed: string | null = "refreshed-token") {
  return registerTokenSource({
    getAccessToken: async () => token,
    refreshAccessToken: async () => refreshed,
  });
}

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
}

/** The address a stubbed fetch was called with. */
export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A stubbed global fetch and registered test tokens for the duration of each test of the calling
 * file; returns the fetch mock to answer calls with.
 */
export function stubFetchPerTest(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  let unregister: () => void = () => undefined;
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    unregister = registerTestTokens();
  });
  afterEach(() => {
    unregister();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
