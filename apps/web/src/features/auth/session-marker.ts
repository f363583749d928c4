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
