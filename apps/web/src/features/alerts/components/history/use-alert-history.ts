import type { TAlert, THotlistGroup } from "@odin/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { getGroupAlerts } from "../../api/alerts";

export type AlertHistoryState =
  { status: "loading" } | { status: "error" } | { status: "success"; group: THotlistGroup; alerts: TAlert[] };

/** Live alerts not in the server's list go on top (the list may predate them), without duplicates. */
function merge(server: TAlert[], live: readonly TAlert[]): TAlert[] {
  const known = new Set(server.map((alert) => alert.id));
  return [...live.filter((alert) => !known.has(alert.id)), ...server];
}

/**
 * A group's alert history (GET /alerts/group/{id}/data) that live alerts can be added to. `refresh`
 * reloads without going back to the loading state (after the live stream reconnects); alerts that
 * arrived live are kept even when a load started before they were written.
 * A null `groupId` (a malformed address) is an error at once.
 */
export function useAlertHistory(groupId: number | null) {
  const [state, setState] = useState<AlertHistoryState>(
    groupId === null ? { status: "error" } : { status: "loading" },
  );
  const live = useRef<TAlert[]>([]);
  const refreshing = useRef<AbortController | null>(null);

  useEffect(() => {
    if (groupId === null) return;
    const controller = new AbortController();
    getGroupAlerts(groupId, controller.signal).then(
      ({ group, alerts }) => setState({ status: "success", group, alerts: merge(alerts, live.current) }),
      () => {
        if (!controller.signal.aborted) setState({ status: "error" });
      },
    );
    return () => {
      controller.abort();
      refreshing.current?.abort();
    };
  }, [groupId]);

  const refresh = useCallback(() => {
    if (groupId === null) return;
    refreshing.current?.abort();
    const controller = new AbortController();
    refreshing.current = controller;
    getGroupAlerts(groupId, controller.signal).then(
      ({ group, alerts }) => setState({ status: "success", group, alerts: merge(alerts, live.current) }),
      () => undefined, // the list on screen stays; the next reconnect tries again
    );
  }, [groupId]);

  const prepend = useCallback((alert: TAlert) => {
    live.current = [alert, ...live.current.filter((known) => known.id !== alert.id)];
    setState((current) =>
      current.status === "success" && !current.alerts.some((known) => known.id === alert.id)
        ? { ...current, alerts: [alert, ...current.alerts] }
        : current,
    );
  }, []);

  return { state, refresh, prepend };
}
