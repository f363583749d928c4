import { QueryClient, useQueryClient, type DefaultOptions, type QueryKey } from "@tanstack/react-query";
import { useCallback } from "react";
import { isApiError } from "@/lib/api-client";

/**
 * The web app's data layer (TanStack Query): one QueryClient for the app, reset when the signed-in user
 * changes (app/query-provider.tsx); query keys and query options beside each feature's fetchers
 * (`features/<x>/api/queries.ts`); screens read them with `useQuery` and show them through `QueryView`
 * (components/layouts/query-view.tsx); a change invalidates the keys it affects instead of reloading by
 * hand. See docs/architecture.md, "The web app's data layer".
 */

/** A call is asked again at most this many times, and only when asking again can help. */
export const MAX_QUERY_RETRIES = 2;
/** The longest wait before asking again by itself; a server that asks for longer gets the Retry button. */
export const MAX_RETRY_DELAY_MS = 30_000;
const FIRST_RETRY_DELAY_MS = 1_000;

/**
 * Whether a failed query is worth asking again by itself: the server could not be reached (status 0,
 * but not a time-out: the user has already waited the whole limit) or failed on its side (5xx, e.g. a
 * 503 while a dependency is down), and not after a Retry-After longer than MAX_RETRY_DELAY_MS. A 4xx
 * (refused, not found, bad input) and anything that is not an API error would fail the same way again.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES || !isApiError(error)) return false;
  if ((error.retryAfterMs ?? 0) > MAX_RETRY_DELAY_MS) return false;
  if (error.status === 0) return error.code !== "TIMEOUT";
  return error.status >= 500;
}

/** The server's Retry-After when it gave one, else 1 s, 2 s, 4 s… up to MAX_RETRY_DELAY_MS. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const asked = isApiError(error) ? error.retryAfterMs : undefined;
  const delay = asked ?? FIRST_RETRY_DELAY_MS * 2 ** failureCount;
  return Math.min(delay, MAX_RETRY_DELAY_MS);
}

export const QUERY_DEFAULTS = {
  queries: {
    retry: shouldRetryQuery,
    retryDelay: queryRetryDelay,
    // Coming back to the tab must not redraw a list under the user's cursor or scroll position.
    refetchOnWindowFocus: false,
    // A screen asks again each time it opens (as before TanStack Query), showing what it had meanwhile.
    staleTime: 0,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(defaults: DefaultOptions = QUERY_DEFAULTS): QueryClient {
  return new QueryClient({ defaultOptions: defaults });
}

/**
 * After a change: drops an answer already on its way for `queryKey` (it was asked before the change,
 * so it may not show it) and asks again for every query under that key that a screen shows (the others
 * are marked stale and ask when next shown).
 */
export async function invalidateAfterChange(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

/** `invalidateAfterChange` for a component: `const invalidate = useInvalidate(); invalidate(keys.users)`. */
export function useInvalidate(): (queryKey: QueryKey) => void {
  const client = useQueryClient();
  return useCallback((queryKey: QueryKey) => void invalidateAfterChange(client, queryKey), [client]);
}
