import type { ReactNode } from "react";
import {
  SORT_KEYS,
  SORT_LABELS,
  type ResultsSort,
  type SortDirection,
  type SortKey,
} from "../../results-view";

const SORT_NONE = "server";

/**
 * Above the results: the quick filter over the loaded results, how many it shows, and a "Sort by" list
 * (the table's headers sort too; on narrow screens, where the header row is hidden, only this list).
 * `children` (a paged answer's loading line, issue 21) end the row, no higher than the filter beside
 * them, so the line coming and going does not move the table.
 */
export function ResultsControls({
  filter,
  onFilter,
  sort,
  onSort,
  shown,
  total,
  loadingOlder,
  children,
}: {
  filter: string;
  onFilter: (text: string) => void;
  sort: ResultsSort;
  onSort: (sort: ResultsSort) => void;
  shown: number;
  total: number;
  /** The count changes with every page then; the loading line says it, so the count is not announced. */
  loadingOlder: boolean;
  children?: ReactNode;
}) {
  const value = sort ? `${sort.key}:${sort.direction}` : SORT_NONE;
  return (
    <div className="results-controls">
      <div className="results-controls__field results-controls__field--filter">
        <label htmlFor="results-filter">Filter results</label>
        <input
          id="results-filter"
          type="search"
          className="input"
          value={filter}
          placeholder="Plate, agency, camera, make, hotlist…"
          onChange={(event) => onFilter(event.target.value)}
        />
      </div>
      <div className="results-controls__field">
        <label htmlFor="results-sort">Sort by</label>
        <select
          id="results-sort"
          className="select"
          value={value}
          onChange={(event) => {
            const [key, direction] = event.target.value.split(":") as [SortKey, SortDirection];
            onSort(event.target.value === SORT_NONE ? null : { key, direction });
          }}
        >
          <option value={SORT_NONE}>Search order</option>
          {SORT_KEYS.flatMap((key) =>
            (["ascending", "descending"] as const).map((direction) => (
              <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                {SORT_LABELS[key]} ({sortDirectionText(key, direction)})
              </option>
            )),
          )}
        </select>
      </div>
      {/* While older pages load, the loading line says how many are here: "all" would not be true. */}
      {!(loadingOlder && shown === total) && (
        <p className="results-controls__count" aria-live={loadingOlder ? "off" : "polite"}>
          {shown === total
            ? `Showing all ${total.toLocaleString()}`
            : `Showing ${shown.toLocaleString()} of ${total.toLocaleString()}${loadingOlder ? " loaded" : ""}`}
        </p>
      )}
      {children}
    </div>
  );
}

function sortDirectionText(key: SortKey, direction: SortDirection): string {
  if (key === "timestamp") return direction === "ascending" ? "oldest first" : "newest first";
  return direction === "ascending" ? "A to Z" : "Z to A";
}
