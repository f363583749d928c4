import { useEffect, useMemo, useState } from "react";
import type { TSearchResult } from "@odin/contract";
import { loadResultsView, saveResultsView } from "../../search-memory";
import type { ResultsState } from "../../search-params";
import { filterResults, sortResults, type ResultsSort } from "../../results-view";

export type ResultsViewName = "table" | "map";

/**
 * How the results are looked at: table or map, the sort and the quick filter, and the rows they leave
 * (`shown`). Kept per search for the tab, so coming back to the same results finds them as left.
 */
export function useResultsView(owner: string, state: ResultsState | null) {
  const [initial] = useState(() => (state ? loadResultsView(owner, state.previousSearchParams) : null));
  const [view, setView] = useState<ResultsViewName>(initial?.view ?? "table");
  const [sort, setSort] = useState<ResultsSort>(initial?.sort ?? null);
  const [filter, setFilter] = useState(initial?.filter ?? "");

  const loaded = state?.searchResults;
  const shown: readonly TSearchResult[] = useMemo(
    () => (loaded ? sortResults(filterResults(loaded, filter), sort) : []),
    [loaded, filter, sort],
  );

  useEffect(() => {
    if (state) saveResultsView(owner, state.previousSearchParams, { sort, filter, view });
  }, [owner, state, sort, filter, view]);

  return { view, setView, sort, setSort, filter, setFilter, shown };
}
