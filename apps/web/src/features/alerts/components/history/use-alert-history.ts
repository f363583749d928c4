import type { TAlert, TGroupAlertsResponse, THotlistGroup } from "@odin/contract";
import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { getGroupAlerts, NO_ALERT_FILTERS, type AlertHistoryFilters } from "../../api/alerts";
import { alertKeys } from "../../api/queries";

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
 * A group's alert history (GET /alerts/group/{id}/data) as an infinite query: the first page for the
 * filters, older pages appended by `loadMore` (by the previous page's `next_cursor`), live alerts added
 * on top (unfiltered only). `refresh` reloads the first page without going back to the loading state
 * (after the live stream reconnects); alerts that arrived live are kept even when a load started before
 * they were written. `replace` puts a changed alert (disposition, acknowledgement) in place, in the
 * cached pages. A null `groupId` (a malformed address) is an error at once, without a call.
 */
export function useAlertHistory(groupId: number | null, filters: AlertHistoryFilters = NO_ALERT_FILTERS) {
  const client = useQueryClient();
  const queryKey = [...alertKeys.group(groupId), "history", filters] as const;
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => getGroupAlerts(groupId!, signal, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: groupId !== null,
    // Other filters: the list on screen stays until their first page is in.
    placeholderData: keepPreviousData,
    // As before: a failed load says so (the first) or is left for the next try (a refresh, an older page).
    retry: false,
    // The live stream keeps it current; a new visit asks again.
    gcTime: 0,
  });
  const [live, setLive] = useState<readonly TAlert[]>([]);
  const filtered = hasFilters(filters);
  const pages = query.data?.pages;

  const state: AlertHistoryState = useMemo(() => {
    if (groupId === null) return { status: "error" };
    if (!pages) return query.isError ? { status: "error" } : { status: "loading" };
    const known = new Set<number>();
    const server = pages.flatMap((page) =>
      page.alerts.filter((alert) => !known.has(alert.id) && Boolean(known.add(alert.id))),
    );
    return {
      status: "success",
      group: pages[0]!.group,
      alerts: filtered ? server : merge(server, live),
      nextCursor: pages.at(-1)!.next_cursor ?? null,
      loadingMore: query.isFetchingNextPage,
    };
  }, [groupId, pages, query.isError, query.isFetchingNextPage, filtered, live]);

  const refresh = useCallback(() => {
    // The first page again: the older pages go (as they did), the list stays on screen meanwhile.
    client.setQueryData<InfiniteData<TGroupAlertsResponse, string | null>>(queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void query.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is made of groupId and filters
  }, [client, groupId, filters, query.refetch]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const prepend = useCallback((alert: TAlert) => {
    setLive((current) => [alert, ...current.filter((known) => known.id !== alert.id)]);
  }, []);

  const replace = useCallback(
    (alert: TAlert) => {
      const swap = (alerts: TAlert[]) => alerts.map((known) => (known.id === alert.id ? alert : known));
      setLive((current) => swap([...current]));
      client.setQueryData<InfiniteData<TGroupAlertsResponse, string | null>>(queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, alerts: swap(page.alerts) })) } : data,
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is made of groupId and filters
    [client, groupId, filters],
  );

  return { state, refresh, prepend, loadMore, replace };
}
