import { MESSAGES } from "@odin/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { searchKeys, searchNextPage, type SearchAnswer } from "../api/search";
import { appendPage } from "../result-pages";
import type { ResultsState } from "../search-params";

/** Where loading a paged answer's older results stands (issue 21). */
export type OlderResults =
  /** Nothing (more) to load: every page is here, or the answer came whole. */
  | { status: "done" }
  | { status: "loading" }
  /**
   * A page could not be loaded: what the server said (an API error's messages; none for anything else),
   * and whether asking again may help (not when the cursor is no longer valid: only a new search can).
   */
  | { status: "failed"; messages: string[]; canRetry: boolean };

type Failure = Extract<OlderResults, { status: "failed" }>;

/** The first page's param: that page came with the navigation (the search itself), it is never asked. */
const FIRST_PAGE = "";

/**
 * The results of /results, and the older pages of a paged answer loaded behind them (issue 21), as an
 * infinite query: the first page is the one the search screen handed over, each next page is asked for
 * with the previous page's cursor (one at a time, with the search's parameters as first sent) and the
 * pages are appended in order (appendPage). It stops when no cursor comes back, on an error (until
 * `retry`, which asks for the same page again), or when the screen goes (the call is cancelled).
 */
export function useOlderResults(initial: ResultsState | null) {
  const params = initial?.previousSearchParams;
  const first: SearchAnswer | null = initial && {
    results: initial.searchResults,
    statuses: initial.sourceStatuses,
    nextCursor: initial.nextCursor ?? null,
  };
  const query = useInfiniteQuery({
    // One answer per arrival on /results: its pages are this screen's, never shared or kept.
    queryKey: [...searchKeys.olderResults, useId()],
    queryFn: ({ pageParam, signal }) =>
      pageParam === FIRST_PAGE || !params
        ? Promise.resolve(first!)
        : searchNextPage(params, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (page) => (params && page.nextCursor) || undefined,
    initialData: first ? { pages: [first], pageParams: [FIRST_PAGE] } : undefined,
    enabled: first !== null,
    staleTime: Infinity,
    gcTime: 0,
    // A failed page waits for Try again (or a new search, when its cursor is no longer valid).
    retry: false,
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  // The next page is asked for as soon as the previous one is in (a page can arrive before a render
  // shows it being fetched: hence the page count), until one fails or none is left.
  const pageCount = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [pageCount, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const pages = query.data?.pages;
  const state = useMemo(
    () => (initial && pages ? pages.slice(1).reduce(appendPage, initial) : initial),
    [initial, pages],
  );
  // Try again shows "loading" at once (the query reports its new fetch a tick later): the failure is
  // shown again only when another one comes (errorUpdateCount grows).
  const [retriedAfter, setRetriedAfter] = useState(-1);
  const failed = isFetchNextPageError && !isFetchingNextPage && query.errorUpdateCount > retriedAfter;
  const older: OlderResults = !hasNextPage
    ? { status: "done" }
    : failed
      ? describeFailure(query.error)
      : { status: "loading" };
  const retry = () => {
    setRetriedAfter(query.errorUpdateCount);
    void fetchNextPage();
  };
  return { state, older, retry };
}

/** Only Odin's own messages are shown; a cursor that can no longer be continued is not asked again. */
function describeFailure(error: unknown): Failure {
  if (!isApiError(error)) return { status: "failed", messages: [], canRetry: true };
  const messages = [...new Set([error.message, ...error.details.map((issue) => issue.message)])].filter(
    Boolean,
  );
  if (messages.includes(MESSAGES.searchPageCursorInvalid)) {
    return { status: "failed", messages: [MESSAGES.searchPageCursorInvalid], canRetry: false };
  }
  return { status: "failed", messages, canRetry: true };
}
