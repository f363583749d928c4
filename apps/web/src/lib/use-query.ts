import { useCallback, useEffect, useState } from "react";
import { toError } from "@/lib/error-reason";

export { toError };

export type QueryState<T> =
  | { status: "loading"; data: undefined; error: undefined }
  | { status: "success"; data: T; error: undefined }
  | { status: "error"; data: undefined; error: Error };

export type QueryResult<T> = QueryState<T> & {
  /** Loads again (e.g. a Retry button); the state goes back to loading. */
  reload: () => void;
};

const LOADING = { status: "loading", data: undefined, error: undefined } as const;

/**
 * The hand-made loader from before TanStack Query, kept only for features/account and
 * features/alert-delivery until they move to `useQuery` from @tanstack/react-query (lib/query-client.ts).
 *
 * Loads data once on mount (and on reload) with one of the feature fetchers, e.g.
 * `useQuery(getProfile)`. The fetcher must be stable (a module-level function). An answer that
 * arrives after the screen has gone, or after a newer request, is dropped.
 */
export function useQuery<T>(fetcher: () => Promise<T>): QueryResult<T> {
  const [state, setState] = useState<QueryState<T>>(LOADING);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetcher().then(
      (data) => {
        if (current) setState({ status: "success", data, error: undefined });
      },
      (error: unknown) => {
        if (current) setState({ status: "error", data: undefined, error: toError(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [fetcher, attempt]);

  const reload = useCallback(() => {
    setState(LOADING);
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}
