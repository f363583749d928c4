import type { TAlert, THotlistGroup } from "@odin/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { getGroupAlerts, NO_ALERT_FILTERS, type AlertHistoryFilters } from "../../api/alerts";

export type AlertHistoryState =
  | { status: "loading" }
  | { status: "error" }
  | {
      status: "success";
      group: THotlistGroup;
      alerts: TAlert[];
      /** The next (older) page's cursor, null on the last page. */
      nextCursor: string | null;
      /** A "Load older alerts" request is under way. */
      loadingMore: boolean;
    };

/** True when any filter narrows the history (live alerts are then not added: they may not match). */
export function hasFilters(filters: AlertHistoryFilters): boolean {
  return Object.values<string>({ ...filters }).some((value) => value.trim() !== "");
}

/** Live alerts not in the server's list go on top (the list may predate them), without duplicates. */
function merge(server: TAlert[], live: readonly TAlert[]): TAlert[] {
  const known = new Set(server.map((alert) => alert.id));
  return [...live.filter((alert) => !known.has(alert.id)), ...server];
}

/**
 * A group's alert history (GET /alerts/group/{id}/data): the first page for the filters, older pages
 * appended by `loadMore`, live alerts added on top (unfiltered only). `refresh` reloads the first page
 * without going back to the loading state (after the live stream reconnects); alerts that arrived
 * live are kept even when a load started before they were written. `replace` puts a changed alert
 * (disposition, acknowledgement) in place. A null `groupId` (a malformed address) is an error at once.
 */
export function useAlertHistory(groupId: number | null, filters: AlertHistoryFilters = NO_ALERT_FILTERS) {
  const [state, setState] = useState<AlertHistoryState>(
    groupId === null ? { status: "error" } : { status: "loading" },
  );
  const live = useRef<TAlert[]>([]);
  const refreshing = useRef<AbortController | null>(null);
  const filtered = hasFilters(filters);

  const load = useCallback(
    (signal: AbortSignal, onError: () => void) => {
      if (groupId === null) return;
      getGroupAlerts(groupId, signal, filters).then(
        ({ group, alerts, next_cursor }) =>
          setState({
            status: "success",
            group,
            alerts: filtered ? alerts : merge(alerts, live.current),
            nextCursor: next_cursor ?? null,
            loadingMore: false,
          }),
        () => {
          if (!signal.aborted) onError();
        },
      );
    },
    [groupId, filters, filtered],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal, () => setState({ status: "error" }));
    return () => {
      controller.abort();
      refreshing.current?.abort();
    };
  }, [load]);

  const refresh = useCallback(() => {
    refreshing.current?.abort();
    const controller = new AbortController();
    refreshing.current = controller;
    load(controller.signal, () => undefined); // the list on screen stays; the next reconnect tries again
  }, [load]);

  const loadMore = useCallback(() => {
    if (groupId === null || state.status !== "success" || !state.nextCursor || state.loadingMore) return;
    const cursor = state.nextCursor;
    setState({ ...state, loadingMore: true });
    getGroupAlerts(groupId, undefined, filters, cursor).then(
      ({ alerts, next_cursor }) =>
        setState((current) => {
          if (current.status !== "success") return current;
          const known = new Set(current.alerts.map((alert) => alert.id));
          return {
            ...current,
            alerts: [...current.alerts, ...alerts.filter((alert) => !known.has(alert.id))],
            nextCursor: next_cursor ?? null,
            loadingMore: false,
          };
        }),
      () =>
        setState((current) => (current.status === "success" ? { ...current, loadingMore: false } : current)),
    );
  }, [groupId, filters, state]);

  const prepend = useCallback(
    (alert: TAlert) => {
      live.current = [alert, ...live.current.filter((known) => known.id !== alert.id)];
      if (filtered) return;
      setState((current) =>
        current.status === "success" && !current.alerts.some((known) => known.id === alert.id)
          ? { ...current, alerts: [alert, ...current.alerts] }
          : current,
      );
    },
    [filtered],
  );

  const replace = useCallback((alert: TAlert) => {
    live.current = live.current.map((known) => (known.id === alert.id ? alert : known));
    setState((current) =>
      current.status === "success"
        ? { ...current, alerts: current.alerts.map((known) => (known.id === alert.id ? alert : known)) }
        : current,
    );
  }, []);

  return { state, refresh, prepend, loadMore, replace };
}
