import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button, buttonClassName } from "@/components/ui";
import { markLocked } from "../session-marker";

/** What counts as the user being there: any key, pointer, wheel or touch on the page. */
const ACTIVITY_EVENTS = ["keydown", "pointerdown", "pointermove", "wheel", "touchstart"] as const;

/** How often at most the user's activity is reported to the server (its writes are as sparse). */
export const ACTIVITY_REPORT_MS = 60_000;

/**
 * True once `idleMs` passed without user activity (CJIS 5.5.5 session lock). Activity before that
 * starts the count again, and is reported through `onActivity` at most once per ACTIVITY_REPORT_MS (the
 * server's idle limit counts API calls: a user reading one screen for long is still there); once
 * locked it stays locked until the page signs in again.
 */
export function useIdleLock(idleMs: number, onActivity?: () => void): boolean {
  const [locked, setLocked] = useState(false);
  const onActivityRef = useRef(onActivity);
  useEffect(() => {
    onActivityRef.current = onActivity;
  });
  useEffect(() => {
    if (locked) return;
    let timer = setTimeout(() => setLocked(true), idleMs);
    let reportedAt = Date.now();
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setLocked(true), idleMs);
      if (Date.now() - reportedAt >= ACTIVITY_REPORT_MS) {
        reportedAt = Date.now();
        onActivityRef.current?.();
      }
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart);
    };
  }, [idleMs, locked]);
  return locked;
}

export interface IdleLockProps {
  idleMinutes: number;
  /** Signs in again at the identity provider, which asks for the password (prompt=login). */
  onUnlock: () => void;
  /** Called once when the screen locks (the app stops its live streams and token renewal). */
  onLock?: () => void;
  /** Tells the server the user is active (at most once a minute), so its idle limit agrees. */
  onActivity?: () => void;
  onSignOut?: () => void;
}

/**
 * The idle lock screen: after `idleMinutes` without activity it covers the app (which becomes inert:
 * no reading, no clicking, no Tab into it), and the only ways on are the password again or signing out.
 * A modal dialog, keyboard-first: focus lands on "Unlock with password".
 */
export function IdleLock({ idleMinutes, onUnlock, onLock, onActivity, onSignOut }: IdleLockProps) {
  const locked = useIdleLock(idleMinutes * 60_000, onActivity);
  const id = useId();
  const unlockRef = useRef<HTMLButtonElement>(null);
  const onLockRef = useRef(onLock);
  useEffect(() => {
    onLockRef.current = onLock;
  });

  useEffect(() => {
    if (!locked) return;
    // The tab remembers it is locked: a reload signs in with the password (auth-provider.tsx), and the
    // server ends the session once idle past the limit whatever the tab does (issue 36, F5).
    markLocked();
    onLockRef.current?.();
    const shell = document.querySelector<HTMLElement>(".app-shell");
    shell?.setAttribute("inert", "");
    shell?.setAttribute("aria-hidden", "true");
    unlockRef.current?.focus();
    return () => {
      shell?.removeAttribute("inert");
      shell?.removeAttribute("aria-hidden");
    };
  }, [locked]);

  if (!locked) return null;
  return createPortal(
    <div className="modal-overlay idle-lock" role="presentation">
      <div
        className="modal modal--sm idle-lock-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <h1 id={`${id}-title`}>Screen locked</h1>
        <p id={`${id}-text`}>
          Odin locked this screen after {idleMinutes} minutes without activity. Enter your password again to
          continue.
        </p>
        <div className="form-actions">
          <button ref={unlockRef} type="button" className={buttonClassName("primary")} onClick={onUnlock}>
            Unlock with password
          </button>
          {onSignOut && (
            <Button type="button" variant="secondary" onClick={onSignOut}>
              Sign out
            </Button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
