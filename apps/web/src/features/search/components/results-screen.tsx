import { MESSAGES, type TSearchResult, type TSourceStatus } from "@odin/contract";
import { use, useEffect, useMemo, useState } from "react";
import { CurrentUserContext } from "@/app/current-user";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { Button, Notice, PageHeader } from "@/components/ui";
import { formatTimestamp } from "@/lib/format";
import { loadLastResults, loadResultsView, saveLastResults, saveResultsView } from "../search-memory";
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
import { ResultDetailModal } from "./result-detail-modal";
import { ResultsMap } from "./results-map";
import { ResultsTable } from "./results-table";
import { SOURCE_LABEL, SourceNotices } from "../source-notices";

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

/** /results (000 §2): the last search's results as a table or on a map, with detail and export. */
export function ResultsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const owner = use(CurrentUserContext).user?.username ?? "";
  const fromNavigation = readResultsState(location.state);
  // A refresh or Back keeps the navigation's state where the browser keeps it; without it (a new tab's
  // history, a browser that drops it) the tab's last results come from sessionStorage (issue 20).
  const [{ state, navigated }] = useState(() => ({
    state: fromNavigation ?? loadLastResults(owner),
    navigated: fromNavigation !== null,
  }));
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

  useEffect(() => {
    if (navigated && state) saveLastResults(owner, state);
  }, [owner, state, navigated]);
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

  const flagsTicked = Object.values(previousSearchParams.filters ?? {}).some(Boolean);

  return (
    <div className="results-page">
      <PageHeader
        title="Search Results"
        eyebrow="Search"
        description={
          <>
            {results.length.toLocaleString()} {results.length === 1 ? "result" : "results"} from{" "}
            {formatTimestamp(previousSearchParams.start_time)} to{" "}
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
            {selectedText(selected.size, exportLimit())}
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
      />

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

/** The toolbar's count; over the export limit it says the limit before any export is asked for. */
export function selectedText(count: number, limit: number): string {
  if (count === 0) return "Select results to export";
  const selected = `${count.toLocaleString()} selected`;
  return count > limit ? `${selected} (an export holds at most ${limit.toLocaleString()})` : selected;
}

const SORT_NONE = "server";

/**
 * Above the results: the quick filter over the loaded results, how many it shows, and a "Sort by" list
 * (the table's headers sort too; on narrow screens, where the header row is hidden, only this list).
 */
function ResultsControls({
  filter,
  onFilter,
  sort,
  onSort,
  shown,
  total,
}: {
  filter: string;
  onFilter: (text: string) => void;
  sort: ResultsSort;
  onSort: (sort: ResultsSort) => void;
  shown: number;
  total: number;
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
      <p className="results-controls__count" aria-live="polite">
        {shown === total
          ? `Showing all ${total.toLocaleString()}`
          : `Showing ${shown.toLocaleString()} of ${total.toLocaleString()}`}
      </p>
    </div>
  );
}

function sortDirectionText(key: SortKey, direction: SortDirection): string {
  if (key === "timestamp") return direction === "ascending" ? "oldest first" : "newest first";
  return direction === "ascending" ? "A to Z" : "Z to A";
}
