import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { render, type RenderOptions, type RenderResult } from "@testing-library/react";
import { useState, type ReactElement, type ReactNode } from "react";
import { createQueryClient, QUERY_DEFAULTS } from "@/lib/query-client";

/**
 * A fresh QueryClient for one test: the app's defaults but no retries by itself (a test answers each
 * call once; the retry policy has its own tests in lib/query-client.test.ts).
 */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({
    queries: { ...QUERY_DEFAULTS.queries, retry: false },
    mutations: QUERY_DEFAULTS.mutations,
  });
}

/** Provides a QueryClient of its own to what it renders (so no cached answer leaks between tests). */
export function TestQueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createTestQueryClient());
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}

/** Testing Library's render inside a QueryClient of the test's own (TestQueryProvider). */
export function renderWithQuery(
  ui: ReactElement,
  options: Omit<RenderOptions, "wrapper"> = {},
): RenderResult {
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <TestQueryProvider>{children}</TestQueryProvider>,
  });
}
