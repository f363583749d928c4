import type { TCurrentUser } from "@odin/contract";
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useAuth } from "react-oidc-context";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { linkSession } from "@/lib/auth/link-session";
import { getIdentitySettings } from "@/lib/config";
import { toError } from "@/lib/error-reason";

/**
 * The signed-in user as Odin's API knows them (GET /get-current-user), loaded once after sign-in.
 * - "signed-out": nobody is signed in (or sign-in is not configured);
 * - "loading": signed in with the identity provider, the API's answer not there yet;
 * - "ready": `user` is set;
 * - "error": the API refused or failed (`error`; an ApiError with status 403 = not approved).
 */
export type CurrentUserStatus = "signed-out" | "loading" | "ready" | "error";

export interface CurrentUserValue {
  status: CurrentUserStatus;
  user: TCurrentUser | null;
  error: Error | null;
  /** Loads the user again without leaving "ready" meanwhile (e.g. after a password change). */
  refresh: () => Promise<TCurrentUser | null>;
  /** Loads again from scratch, through "loading" (the Retry of an error page). */
  retry: () => void;
}

const noRefresh = async () => null;
const noRetry = () => {};

function staticValue(user: TCurrentUser | null): CurrentUserValue {
  return user
    ? { status: "ready", user, error: null, refresh: async () => user, retry: noRetry }
    : { status: "signed-out", user: null, error: null, refresh: noRefresh, retry: noRetry };
}

export const CurrentUserContext = createContext<CurrentUserValue>(staticValue(null));

/** Provides a fixed user (null = signed out): when sign-in is not configured, and in tests. */
export function CurrentUserProvider({ user, children }: { user: TCurrentUser | null; children: ReactNode }) {
  const value = useMemo(() => staticValue(user), [user]);
  return <CurrentUserContext value={value}>{children}</CurrentUserContext>;
}

interface Loaded {
  /** The identity provider's subject the answer belongs to. */
  subject: string;
  user: TCurrentUser | null;
  error: Error | null;
}

/**
 * Loads the current user whenever someone signs in (a new subject), and forgets them at sign-out.
 * A token refresh keeps the subject, so it does not reload. Must sit inside the AuthProvider.
 */
export function CurrentUserLoader({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const subject = auth.isAuthenticated ? (auth.user?.profile.sub ?? "") : null;
  const idToken = auth.user?.id_token;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Issue 34: with the agency's identity provider, each sign-in's ID token goes to POST /session/link
  // first (the account is found or linked there); a renewed ID token goes too, so the mapping rules
  // read the person's current groups.
  const external = getIdentitySettings().external;
  const linkedToken = useRef<string | undefined>(undefined);
  const idTokenRef = useRef(idToken);
  idTokenRef.current = idToken;

  useEffect(() => {
    if (subject === null) return;
    let active = true;
    const token = idTokenRef.current;
    const link =
      external && token ? linkSession(token).then(() => (linkedToken.current = token)) : Promise.resolve();
    link.then(getCurrentUser).then(
      (user) => active && setLoaded({ subject, user, error: null }),
      (error: unknown) => active && setLoaded({ subject, user: null, error: toError(error) }),
    );
    return () => {
      active = false;
    };
  }, [subject, attempt, external]);

  useEffect(() => {
    if (!external || !idToken || linkedToken.current === undefined || linkedToken.current === idToken) return;
    linkedToken.current = idToken;
    // A renewal: the rules may give another role (or none); the next screen's calls report a refusal.
    linkSession(idToken).then(
      () => void refreshRef.current(),
      () => undefined,
    );
  }, [external, idToken]);

  const refresh = useCallback(async () => {
    if (subject === null) return null;
    try {
      const user = await getCurrentUser();
      setLoaded({ subject, user, error: null });
      return user;
    } catch {
      return null; // keep what is shown; the next screen's own calls report problems
    }
  }, [subject]);

  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  const retry = useCallback(() => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo((): CurrentUserValue => {
    if (subject === null) return { ...staticValue(null), retry };
    if (!loaded || loaded.subject !== subject)
      return { status: "loading", user: null, error: null, refresh, retry };
    if (loaded.error) return { status: "error", user: null, error: loaded.error, refresh, retry };
    return { status: "ready", user: loaded.user, error: null, refresh, retry };
  }, [subject, loaded, refresh, retry]);

  return <CurrentUserContext value={value}>{children}</CurrentUserContext>;
}

/** The signed-in user, or null while signed out, loading or refused. */
export function useCurrentUser(): TCurrentUser | null {
  return use(CurrentUserContext).user;
}

/** The whole loading state of the current user (guards, pages that refresh it). */
export function useCurrentUserState(): CurrentUserValue {
  return use(CurrentUserContext);
}
