/**
 * A line for the sign-in screen that must outlive the page it was written on (issue 34): "Your session
 * ended: sign in again" after a 401 that no refresh could answer, or a sign-out whose revocation at
 * Odin's server failed. sessionStorage: this tab only, read once.
 */
const KEY = "odin.notice";

export interface SessionNotice {
  tone: "warning" | "danger";
  text: string;
}

export function leaveSessionNotice(notice: SessionNotice): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage refused: the sign-in screen shows no line, nothing else changes.
  }
}

/** The notice left for this screen, once: reading it removes it. */
export function takeSessionNotice(): SessionNotice | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionNotice>;
    return typeof parsed.text === "string"
      ? { tone: parsed.tone === "danger" ? "danger" : "warning", text: parsed.text }
      : null;
  } catch {
    return null;
  }
}
