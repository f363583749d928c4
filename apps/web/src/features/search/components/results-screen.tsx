import { MESSAGES, type TPlateMatch, type TSourceStatus } from "@odin/contract";
import { use } from "react";
import { CurrentUserContext } from "@/lib/auth/current-user";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { Button, Notice, PageHeader } from "@/components/ui";
import { formatTimestamp } from "@/lib/format";
import type { RefineState } from "../search-params";
import { nextSort } from "../results-view";
import { AddToHotlistModal } from "./add-to-hotlist-modal";
import { ExportDialog, exportLimit } from "./export-dialog";
import { OlderResultsStatus } from "./older-results-status";
import { ResultDetailModal } from "./result-detail-modal";
import { ResultsMap } from "./results-map";
import { ResultsTable } from "./results-table";
import { SOURCE_LABEL, SourceNotices } from "../source-notices";
import { useResultDialogs } from "./results/result-dialogs";
import { ResultsControls } from "./results/results-controls";
import { useArrivingResults } from "./results/use-arriving-results";
import { useResultSelection } from "./results/use-result-selection";
import { useResultsView } from "./results/use-results-view";

/**
 * How the plate was matched, as the header says it (issue 40 item 3: the mode was not shown after the
 * search); a search from before the choice existed matched Similar.
 */
export function matchLabel(match: TPlateMatch | undefined): string {
  if (match === "exact") return "exact match";
  if (match === "partial") return "partial match";
  return "Similar match";
}

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
  const { state, older, retry, paged } = useArrivingResults(owner, location.state);
  const { view, setView, sort, setSort, filter, setFilter, shown } = useResultsView(owner, state);
  const { selected, toggle, toggleAll } = useResultSelection(shown);
  const dialogs = useResultDialogs();

  // Without a search (a bookmark, a reload in another tab) there is nothing to show: back to the form.
  if (!state)
    return <Navigate to="/search" replace state={{ notice: "Run a search to see its results here." }} />;

  const { searchResults: results, previousSearchParams, sourceStatuses } = state;
  const problems = describeSourceProblems(sourceStatuses);
  const refine = () => navigate("/search", { state: { previousSearchParams } satisfies RefineState });

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
            {previousSearchParams.plate ? ` (${matchLabel(previousSearchParams.match)})` : ""}
            {state.where ? ` ${state.where}` : ""}
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
      {dialogs.hotlistNotice && <Notice tone="success">{dialogs.hotlistNotice}</Notice>}
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
          <Button
            variant="secondary"
            disabled={selected.size === 0}
            onClick={() => dialogs.dispatch({ type: "openExport", kind: "pdf" })}
          >
            {MESSAGES.exportSelectedToPdf}
          </Button>
          <Button
            variant="secondary"
            disabled={selected.size === 0}
            onClick={() => dialogs.dispatch({ type: "openExport", kind: "zip" })}
          >
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
        <OlderResultsStatus older={older} loaded={results.length} paged={paged} onRetry={retry} />
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
            onOpen={(result) => dialogs.dispatch({ type: "openDetail", result })}
            sort={sort}
            onSort={(key) => setSort((current) => nextSort(current, key))}
            emptyFiltered={results.length > 0}
          />
        ) : (
          <ResultsMap
            results={[...shown]}
            onOpenResult={(result) => dialogs.dispatch({ type: "openDetail", result })}
          />
        )}
      </div>

      <ResultDetailModal
        result={dialogs.detail}
        onClose={() => dialogs.dispatch({ type: "close" })}
        onAddToHotlist={(result) => dialogs.dispatch({ type: "openHotlist", result })}
      />
      <AddToHotlistModal
        result={dialogs.hotlisting}
        onClose={() => dialogs.dispatch({ type: "close" })}
        onAdded={(message) => dialogs.dispatch({ type: "hotlistAdded", message })}
      />
      <ExportDialog
        key={dialogs.exporting ?? "closed"}
        kind={dialogs.exporting}
        selected={results.filter((result) => selected.has(result.id))}
        defaultJustification={previousSearchParams.justification}
        defaultCaseFields={{
          case_number: previousSearchParams.case_number ?? "",
          offense_category: previousSearchParams.offense_category ?? "",
        }}
        onClose={() => dialogs.dispatch({ type: "close" })}
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
