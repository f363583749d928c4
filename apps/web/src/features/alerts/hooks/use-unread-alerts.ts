import { ALERT_STREAM_EVENT } from "@odin/contract";
import { useEffect, useState } from "react";
import { apiStream } from "@/lib/api-stream";
import { ALERT_STREAM_PATH, getUnreadAlertCount } from "../api/alerts";
import { parseAlertStreamEvent } from "./use-live-alerts";

/** Dispatched on window after this tab acknowledged alerts: the count is read again. */
export const ALERTS_ACKNOWLEDGED_EVENT = "odin:alerts-acknowledged";

/** Dispatched on window when sign-out starts: the live count stops before the session is revoked. */
export const SIGNING_OUT_EVENT = "odin:signing-out";

export function announceAlertsAcknowledged(): void {
  window.dispatchEvent(new Event(ALERTS_ACKNOWLEDGED_EVENT));
}

/**
 * The navigation's unread count (Odin's own): alerts of the user's groups nobody has acknowledged,
 * from GET /alerts/unread-count, kept live by the alert stream (each new alert adds one; a reconnect
 * or an acknowledgement reads the count again). Null while unknown or when `enabled` is false.
 */
export function useUnreadAlerts(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const reload = () => {
      // A failure keeps the last figure.
      getUnreadAlertCount(controller.signal).then(setCount, () => undefined);
    };
    const stop = () => controller.abort();
    window.addEventListener(ALERTS_ACKNOWLEDGED_EVENT, reload);
    // Otherwise the revoked session's stream would reconnect and refresh tokens during the logout.
    window.addEventListener(SIGNING_OUT_EVENT, stop);
    apiStream(ALERT_STREAM_PATH, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.event !== ALERT_STREAM_EVENT || !parseAlertStreamEvent(event.data)) return;
        setCount((current) => (current === null ? current : current + 1));
      },
      // Read at every (re)open: alerts written while the stream was closed were not sent.
      onOpen: reload,
    }).catch(() => {
      if (!controller.signal.aborted) reload();
    });
    return () => {
      controller.abort();
      window.removeEventListener(ALERTS_ACKNOWLEDGED_EVENT, reload);
      window.removeEventListener(SIGNING_OUT_EVENT, stop);
    };
  }, [enabled]);

  return enabled ? count : null;
}
