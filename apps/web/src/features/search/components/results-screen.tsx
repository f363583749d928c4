import { MESSAGES, type TSearchResult, type TSourceStatus } from "@odin/contract";
import { use, useEffect, useMemo, useState, type ReactNode } from "react";
import { CurrentUserContext } from "@/lib/auth/current-user";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { Button, Notice, PageHeader } from "@/components/ui";
import { formatTimestamp } from "@/lib/format";
import { arrivingResults, loadResultsView, saveLastResults, saveResultsView } from "../search-memory";
import { readResultsState, type RefineState } from "../search-params";
import type { ExportKind } from "../api/export";
import {
  filterResults,
  nextSort,
  sortResults,
  SORT_KEYS,
  SORT_LABELS,
  type ResultsSort,
  type SortDirection,
  type SortKey,
} from "../results-view";
import { AddToHotlistModal } from "./add-to-hotlist-modal";
import { ExportDialog, exportLimit } from "./export-dialog";
import { OlderResultsStatus } from "./older-results-status";
import { ResultDetailModal } from "./result-detail-modal";
import { ResultsMap } from "./results-map";
import { ResultsTable } from "./results-table";
import { SOURCE_LABEL, SourceNotices } from "../source-notices";
import { useOlderResults } from "./use-older-results";

type View = "table" | "map";

/** What went wrong with which source, in a sentence an investigator can act on. */
export function describeSourceProblems(statuses: TSourceStatus[]): string | null {
  const problems = statuses.filter((status) => ["failed", "timeout", "partial"].includes(status.status));
  if (problems.length === 0) return null;
  return problems
    .map((status) => {
      const name = SOURCE_LABEL[status.source];
      if (status.status === "timeout") return `${name} did not answer in time.`;
      if (status.status === "partial")
        return `${name} answered for some agencies only: ${status.error ?? "others failed"}.`;
      return `${name} could not be searched: ${status.error ?? "the source failed"}.`;
    })
    .join(" ");
}

/**
 * /results (000 §2): the last search's results as a table or on a map, with detail and export. A paged
 * answer (issue 21) shows its first page at once and loads the older ones behind it.
 */
export function ResultsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const owner = use(CurrentUserContext).user?.username ?? "";
  // A refresh or Back keeps the navigation's state where the browser keeps it; without it (a new tab's
  // history, a browser that drops it) the tab's last results come from sessionStorage (issue 20), as do
  // the pages a paged answer had loaded past its first (issue 21).
  const [arrival] = useState(() => arrivingResults(owner, readResultsState(location.state)));
  const { state, older, retry } = useOlderResults(arrival.state);
  const [initialView] = useState(() => (state ? loadResultsView(owner, state.previousSearchParams) : null));
  const [view, setView] = useState<View>(initialView?.view ?? "table");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<TSearchResult | null>(null);
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const [hotlisting, setHotlisting] = useState<TSearchResult | null>(null);
  const [hotlistNotice, setHotlistNotice] = useState<string | null>(null);
  const [sort, setSort] = useState<ResultsSort>(initialView?.sort ?? null);
  const [filter, setFilter] = useState(initialView?.filter ?? "");
  const loaded = state?.searchResults;
  const shown = useMemo(
    () => (loaded ? sortResults(filterResults(loaded, filter), sort) : []),
    [loaded, filter, sort],
  );

  // Kept on arrival (unless it is the tab's kept copy already) and again after each page added, with its
  // cursor, so a refresh goes on from there.
  useEffect(() => {
    if (state && !(arrival.stored && state === arrival.state)) saveLastResults(owner, state, arrival.origin);
  }, [owner, state, arrival]);
  useEffect(() => {
    if (state) saveResultsView(owner, state.previousSearchParams, { sort, filter, view });
  }, [owner, state, sort, filter, view]);

  // Without a search (a bookmark, a reload in another tab) there is nothing to show: back to the form.
  if (!state)
    return <Navigate to="/search" replace state={{ notice: "Run a search to see its results here." }} />;

  const { searchResults: results, previousSearchParams, sourceStatuses } = state;
  const problems = describeSourceProblems(sourceStatuses);
  const refine = () => navigate("/search", { state: { previousSearchParams } satisfies RefineState });
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // Select all acts on the rows shown (the quick filter's); other selected rows stay selected.
  const toggleAll = (select: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const result of shown) {
        if (select) next.add(result.id);
        else next.delete(result.id);
      }
      return next;
    });

  const loadingOlder = older.status === "loading";
  const flagsTicked = Object.values(previousSearchParams.filters ?? {}).some(Boolean);

  return (
    <div className="results-page">
      <PageHeader
        title="Search Results"
        eyebrow="Search"
        description={
          <>
            {results.length.toLocaleString()} {results.length === 1 ? "result" : "results"}
            {loadingOlder ? " so far" : ""} from {formatTimestamp(previousSearchParams.start_time)} to{" "}
            {formatTimestamp(previousSearchParams.end_time)}
            {previousSearchParams.plate ? ` for plate ${previousSearchParams.plate.toUpperCase()}` : ""}
          </>
        }
        actions={
          <Button variant="secondary" onClick={refine}>
            {MESSAGES.refinePreviousSearch}
          </Button>
        }
      />

      <ul className="source-summary" aria-label="Sources searched">
        {sourceStatuses.map((status) => (
          <li key={status.source} className={`source-summary__item source-summary__item--${status.status}`}>
            <span className="source-summary__name">{SOURCE_LABEL[status.source]}</span>
            <span>{sourceStatusText(status)}</span>
          </li>
        ))}
      </ul>
      {hotlistNotice && <Notice tone="success">{hotlistNotice}</Notice>}
      {flagsTicked && <Notice title={MESSAGES.featuresNotAppliedTitle}>{MESSAGES.featuresNotApplied}</Notice>}
      <SourceNotices statuses={sourceStatuses} />
      {problems && (
        <Notice tone="warning" title="Some sources did not answer fully">
          {problems} The results below come from the sources that answered.
        </Notice>
      )}

      <div className="results-toolbar">
        <div className="tabs" role="tablist" aria-label="Results view">
          {(["table", "map"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`results-tab-${name}`}
              aria-selected={view === name}
              aria-controls={`results-panel-${name}`}
              className="tab"
              onClick={() => setView(name)}
            >
              {name === "table" ? MESSAGES.tableView : MESSAGES.mapView}
            </button>
          ))}
        </div>
        <div className="results-toolbar__actions">
          <span className="results-toolbar__count" aria-live="polite">
            {selectedText(selected.size, exportLimit(), loadingOlder)}
          </span>
          <Button variant="secondary" disabled={selected.size === 0} onClick={() => setExporting("pdf")}>
            {MESSAGES.exportSelectedToPdf}
          </Button>
          <Button variant="secondary" disabled={selected.size === 0} onClick={() => setExporting("zip")}>
            {MESSAGES.exportSelectedToZip}
          </Button>
        </div>
      </div>

      <ResultsControls
        filter={filter}
        onFilter={setFilter}
        sort={sort}
        onSort={setSort}
        shown={shown.length}
        total={results.length}
        loadingOlder={loadingOlder}
      >
        <OlderResultsStatus
          older={older}
          loaded={results.length}
          paged={Boolean(arrival.origin ?? arrival.state?.nextCursor)}
          onRetry={retry}
        />
      </ResultsControls>

      <div
        role="tabpanel"
        id={`results-panel-${view}`}
        aria-labelledby={`results-tab-${view}`}
        className="results-panel"
      >
        {view === "table" ? (
          <ResultsTable
            results={[...shown]}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onOpen={setOpen}
            sort={sort}
            onSort={(key) => setSort((current) => nextSort(current, key))}
            emptyFiltered={results.length > 0}
          />
        ) : (
          <ResultsMap results={[...shown]} onOpenResult={setOpen} />
        )}
      </div>

      <ResultDetailModal
        result={open}
        onClose={() => setOpen(null)}
        onAddToHotlist={(result) => {
          // One dialog at a time: the hotlist form replaces the detail (Escape then closes only it).
          setOpen(null);
          setHotlistNotice(null);
          setHotlisting(result);
        }}
      />
      <AddToHotlistModal
        result={hotlisting}
        onClose={() => setHotlisting(null)}
        onAdded={(message) => {
          setHotlisting(null);
          setHotlistNotice(message);
        }}
      />
      <ExportDialog
        key={exporting ?? "closed"}
        kind={exporting}
        selected={results.filter((result) => selected.has(result.id))}
        defaultJustification={previousSearchParams.justification}
        defaultCaseFields={{
          case_number: previousSearchParams.case_number ?? "",
          offense_category: previousSearchParams.offense_category ?? "",
        }}
        onClose={() => setExporting(null)}
      />
    </div>
  );
}

function sourceStatusText(status: TSourceStatus): string {
  switch (status.status) {
    case "ok":
      return `${status.count.toLocaleString()} found`;
    case "partial":
      return `${status.count.toLocaleString()} found, some agencies failed`;
    case "skipped":
      return "not searched";
    case "timeout":
      return "timed out";
    case "failed":
      return "failed";
  }
}

/**
 * The toolbar's count; over the export limit it says the limit before any export is asked for. While a
 * paged answer's older results load (issue 21), it says the selection and exports hold what is loaded.
 */
export function selectedText(count: number, limit: number, loadingOlder = false): string {
  const text =
    count === 0
      ? "Select results to export"
      : count > limit
        ? `${count.toLocaleString()} selected (an export holds at most ${limit.toLocaleString()})`
        : `${count.toLocaleString()} selected`;
  return loadingOlder ? `${text} · older results still loading` : text;
}

const SORT_NONE = "server";

/**
 * Above the results: the quick filter over the loaded results, how many it shows, and a "Sort by" list
 * (the table's headers sort too; on narrow screens, where the header row is hidden, only this list).
 * `children` (a paged answer's loading line, issue 21) end the row, no higher than the filter beside
 * them, so the line coming and going does not move the table.
 */
function ResultsControls({
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
