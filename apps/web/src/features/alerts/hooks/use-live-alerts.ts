import { ALERT_STREAM_EVENT, ZAlertStreamEvent, type TAlert, type TAlertStreamEvent } from "@odin/contract";
import { useEffect, useEffectEvent, useState } from "react";
import { apiStream } from "@/lib/api-stream";
import { ALERT_STREAM_PATH } from "../api/alerts";

/**
 * - "off": nothing to listen for (no group);
 * - "connecting" / "live": opening / open;
 * - "reconnecting": the connection dropped, the next attempt is scheduled;
 * - "unavailable": the server refused the stream (403, 404...), so retrying cannot help.
 */
export type LiveAlertsStatus = "off" | "connecting" | "live" | "reconnecting" | "unavailable";

export interface LiveAlertsHandlers {
  /** A new alert of the group. */
  onAlert: (alert: TAlert) => void;
  /** The stream (re)opened: alerts written while it was closed were not sent, so reload the history. */
  onOpen?: (info: { reconnected: boolean }) => void;
}

/** An `alert` event's data, or null when it is not one (a newer server's extra fields are fine). */
export function parseAlertStreamEvent(data: string): TAlertStreamEvent | null {
  try {
    const parsed = ZAlertStreamEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Listens to GET /alerts/stream while `groupId` is set and hands over the alerts of that group only
 * (the stream carries every group the user may see). The handlers may change between renders.
 */
export function useLiveAlerts(groupId: number | null, handlers: LiveAlertsHandlers): LiveAlertsStatus {
  const [status, setStatus] = useState<LiveAlertsStatus>("connecting");
  const onAlert = useEffectEvent((alert: TAlert) => handlers.onAlert(alert));
  const onOpen = useEffectEvent((info: { reconnected: boolean }) => handlers.onOpen?.(info));

  useEffect(() => {
    if (groupId === null) return;
    const controller = new AbortController();
    setStatus("connecting");
    apiStream(ALERT_STREAM_PATH, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.event !== ALERT_STREAM_EVENT) return;
        const payload = parseAlertStreamEvent(event.data);
        if (payload?.group_id === groupId) onAlert(payload.alert);
      },
      onOpen: (info) => {
        setStatus("live");
        onOpen(info);
      },
      onDisconnect: () => setStatus("reconnecting"),
    }).catch(() => {
      if (!controller.signal.aborted) setStatus("unavailable");
    });
    return () => controller.abort();
  }, [groupId]);

  return groupId === null ? "off" : status;
}
