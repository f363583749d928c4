import { MESSAGES } from "@odin/contract";
import { useEffect, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { searchNextPage } from "../api/search";
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

/**
 * The results of /results, and the older pages of a paged answer loaded behind them (issue 21): while
 * the state has a cursor, the next page is asked for (one at a time, with the search's parameters as
 * first sent) and appended (appendPage). It stops when no cursor comes back, on an error (until
 * `retry`, which asks for the same page again), or when the screen goes (the call is cancelled).
 */
export function useOlderResults(initial: ResultsState | null) {
  const [state, setState] = useState(initial);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const cursor = state?.nextCursor ?? null;
  const params = state?.previousSearchParams;

  useEffect(() => {
    if (!cursor || !params) return;
    const controller = new AbortController();
    searchNextPage(params, cursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState((current) =>
          current && current.nextCursor === cursor ? appendPage(current, page) : current,
        );
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(describeFailure(error));
      },
    );
    return () => controller.abort();
  }, [cursor, params, attempt]);

  const older: OlderResults = !cursor ? { status: "done" } : (failure ?? { status: "loading" });
  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
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
