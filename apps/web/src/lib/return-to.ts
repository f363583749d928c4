/**
 * Where a sign-in goes afterwards: the state Odin carries through the identity provider. Shared by the
 * sign-in (features/auth) and the screens that ask to sign in again (e.g. features/alerts on a 401).
 */

/** The identity provider sends the browser back here with the code (a web route of the contract). */
export const CALLBACK_PATH = "/callback";
/** Where a sign-in started from the login screen lands. */
export const DEFAULT_RETURN_TO = "/search";

/** The signin state Odin carries through the identity provider: where to go afterwards. */
export interface SigninState {
  returnTo: string;
}

/** The signin state for a sign-in started at `returnTo` (a path inside Odin). */
export function signinState(returnTo: string): SigninState {
  return { returnTo: safeReturnTo(returnTo) };
}

/** Where to go after the callback: the state's target when it is a path inside Odin, else Search. */
export function returnToFromState(state: unknown): string {
  if (
    typeof state === "object" &&
    state !== null &&
    "returnTo" in state &&
    typeof state.returnTo === "string"
  )
    return safeReturnTo(state.returnTo);
  return DEFAULT_RETURN_TO;
}

/**
 * Only same-origin paths: "/profile?tab=1" yes; "//evil.example", "https://…", "/\evil" and the callback
 * itself (which would exchange a used code again) no.
 */
export function safeReturnTo(target: string): string {
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return DEFAULT_RETURN_TO;
  const path = target.split(/[?#]/, 1)[0];
  if (path === CALLBACK_PATH || path === "/") return DEFAULT_RETURN_TO;
  return target;
}
