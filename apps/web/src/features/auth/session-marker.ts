/**
 * A marker (never a token) that this tab has signed in: tokens live in memory only, so after a reload
 * the app cannot tell a signed-in user from a visitor. With the marker, the login screen goes straight
 * back through the identity provider (whose own session answers without asking again) to /search
 * instead of showing the signed-out "Log in" button (spec 000 §2: signed in, redirect at once).
 * sessionStorage: this tab only, gone when it closes; Logout removes it.
 */
const KEY = "odin.signed-in";

export function markSignedIn(): void {
  try {
    window.sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage refused (private mode quotas): the login button still works.
  }
}

export function clearSignedIn(): void {
  try {
    window.sessionStorage.removeItem(KEY);
    window.sessionStorage.removeItem(LOCKED_KEY);
  } catch {
    // Nothing to clear.
  }
}

export function wasSignedIn(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * A marker that this tab's screen locked (CJIS 5.5.5, issue 36 F5): it outlives a reload, so the next
 * sign-in of the tab asks for the password (prompt=login) even while the provider's session is still
 * active from another tab. A completed sign-in or Logout removes it. The server holds the lock too: a
 * session idle past the limit is ended there, whatever the tab remembers.
 */
const LOCKED_KEY = "odin.locked";

export function markLocked(): void {
  try {
    window.sessionStorage.setItem(LOCKED_KEY, "1");
  } catch {
    // Storage refused: the server's idle limit still asks for the password.
  }
}

export function clearLocked(): void {
  try {
    window.sessionStorage.removeItem(LOCKED_KEY);
  } catch {
    // Nothing to clear.
  }
}

export function wasLocked(): boolean {
  try {
    return window.sessionStorage.getItem(LOCKED_KEY) === "1";
  } catch {
    return false;
  }
}
