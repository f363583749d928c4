import { MESSAGES } from "@odin/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui";
import { LoadFailed } from "./load-failed";

export interface QueryViewProps<T> {
  /** What `useQuery` returned. */
  query: UseQueryResult<T>;
  /** Shown while the first answer (or a Retry's) is on its way; a spinner saying "Loading..." by default. */
  loading?: ReactNode;
  /** The danger notice's title, when the list or record did not load. */
  failedTitle?: string;
  /** The notice's words for the error (e.g. the server's reason, or a fixed sentence). */
  failed: (error: Error) => ReactNode;
  /** Whether the answer has nothing to show; `empty` is shown instead of `children` then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A screen's (or card's) one query, shown the same way everywhere: a spinner while loading, a danger
 * notice with "Try again" (which asks again, through the spinner) when it failed, the empty state when
 * there is nothing, else the data. A refetch after a change keeps the data on screen, so focus and
 * scroll stay put.
 */
export function QueryView<T>({
  query,
  loading,
  failedTitle,
  failed,
  isEmpty,
  empty,
  children,
}: QueryViewProps<T>) {
  const state = queryViewState(query);
  if (state === "loading") return <>{loading ?? <Spinner label={MESSAGES.loading} />}</>;
  if (state === "error")
    return (
      <LoadFailed title={failedTitle} onRetry={() => void query.refetch()}>
        {failed(query.error!)}
      </LoadFailed>
    );
  const data = query.data as T;
  if (isEmpty?.(data) && empty !== undefined) return <>{empty}</>;
  return <>{children(data)}</>;
}

/**
 * Which of QueryView's states a query is in: "loading" before the first answer and while a Retry after
 * a failure is on its way, "error" when the last attempt failed, else "data".
 */
export function queryViewState(query: UseQueryResult<unknown>): "loading" | "error" | "data" {
  if (query.isPending) return "loading";
  if (query.isError) return query.isFetching ? "loading" : "error";
  return "data";
}
