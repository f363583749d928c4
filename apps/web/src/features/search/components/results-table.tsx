import { MESSAGES, type TSearchResult } from "@odin/contract";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { EmptyState, Plate, ProxiedImage, SourceLogo } from "@/components/ui";
import { formatTimestamp, orNotAvailable } from "@/lib/format";
import { useNarrowScreen } from "@/lib/use-narrow-screen";
import { vehicleLabel } from "@/lib/vehicle-labels";
import { SORT_LABELS, type ResultsSort, type SortKey } from "../results-view";
import { HotlistBadge } from "./hotlist-badge";
import { PlateImage } from "./plate-image";
import { MatchReason } from "./match-reason";

/** Rows are a fixed height so only those in view (plus OVERSCAN) are rendered: 5,000 rows scroll smoothly. */
export const ROW_HEIGHT = 68;
/** On narrow screens (lib/use-narrow-screen) each row is a card of this fixed height (issue 20 item 9). */
export const CARD_HEIGHT = 148;
const OVERSCAN = 8;
const VIEWPORT_FALLBACK = 720;

export interface ResultsTableProps {
  results: TSearchResult[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (result: TSearchResult) => void;
  /** The column sort (issue 20); the headers of these columns become sort buttons with aria-sort. */
  sort?: ResultsSort;
  onSort?: (key: SortKey) => void;
  /** Shown instead of the table when `results` is empty although the search found some (the quick filter). */
  emptyFiltered?: boolean;
}

/** The rows in view of a scrolled list of fixed-height rows. */
export function visibleRows(scrollTop: number, viewport: number, count: number, rowHeight = ROW_HEIGHT) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN);
  return { first, last };
}

/**
 * The results table (000 §2): a checkbox per row and select-all in the header, newest first as the
 * server sorted them; a click or Enter on a row opens its detail. Windowed: only rows near the
 * scroll position exist in the page, so images load lazily as rows come into view.
 */
export function ResultsTable({
  results,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  sort = null,
  onSort,
  emptyFiltered = false,
}: ResultsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(VIEWPORT_FALLBACK);
  const selectAll = useRef<HTMLInputElement>(null);
  const narrow = useNarrowScreen();
  const rowHeight = narrow ? CARD_HEIGHT : ROW_HEIGHT;
  const selectedCount = results.reduce((count, result) => count + (selected.has(result.id) ? 1 : 0), 0);
  const allSelected = results.length > 0 && selectedCount === results.length;

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedCount > 0 && !allSelected;
  }, [selectedCount, allSelected]);

  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || VIEWPORT_FALLBACK));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (results.length === 0 && emptyFiltered) {
    return (
      <EmptyState title="No loaded result matches the filter" description="Clear or change the filter." />
    );
  }
  if (results.length === 0) {
    return (
      <EmptyState
        title={MESSAGES.noResultsFound}
        description="Widen the time range or select more agencies."
      />
    );
  }

  const { first, last } = visibleRows(scrollTop, viewport, results.length, rowHeight);
  const openOnKey = (event: KeyboardEvent, result: TSearchResult) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(result);
    }
  };

  return (
    <div
      ref={scroller}
      className="results-table__scroller"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <table
        className={narrow ? "results-table results-table--cards" : "results-table"}
        aria-rowcount={results.length + 1}
      >
        <thead>
          <tr>
            <th scope="col" className="results-table__check">
              <input
                ref={selectAll}
                type="checkbox"
                aria-label="Select all results"
                checked={allSelected}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            </th>
            <SortHeader name="program" sort={sort} onSort={narrow ? undefined : onSort} />
            <SortHeader name="plate" sort={sort} onSort={narrow ? undefined : onSort} />
            <th scope="col">State</th>
            <th scope="col">Make</th>
            <th scope="col">Color</th>
            <th scope="col">Body Type</th>
            <SortHeader name="agency" sort={sort} onSort={narrow ? undefined : onSort} />
            <SortHeader name="camera" sort={sort} onSort={narrow ? undefined : onSort} />
            <SortHeader name="timestamp" sort={sort} onSort={narrow ? undefined : onSort} />
            <th scope="col">Vehicle Image</th>
            <th scope="col">Plate Image</th>
          </tr>
        </thead>
        <tbody>
          {first > 0 && <tr aria-hidden="true" style={{ height: first * rowHeight }} />}
          {results.slice(first, last).map((result, offset) => (
            <tr
              key={result.id}
              className={selected.has(result.id) ? "is-selected" : undefined}
              style={{ height: rowHeight }}
              aria-rowindex={first + offset + 2}
              tabIndex={0}
              onClick={() => onOpen(result)}
              onKeyDown={(event) => openOnKey(event, result)}
            >
              <td className="results-table__check" onClick={(event) => event.stopPropagation()}>
                <input
                  type="checkbox"
                  aria-label={`Select ${result.plate}`}
                  checked={selected.has(result.id)}
                  onChange={() => onToggle(result.id)}
                  onKeyDown={(event) => event.stopPropagation()}
                />
              </td>
              <td className="results-table__program">
                <SourceLogo source={result.source_program} size="sm" />
              </td>
              <td className="results-table__plate">
                <Plate>{result.plate}</Plate>
                {result.match_reason && (
                  <span className="results-table__reason">
                    <MatchReason reason={result.match_reason} />
                  </span>
                )}
                <HotlistBadge result={result} className="results-table__hotlist" />
              </td>
              <td className="results-table__state">{orNotAvailable(result.plate_state)}</td>
              <td className="results-table__make">{vehicleLabel("make", result.make)}</td>
              <td className="results-table__color">{vehicleLabel("color", result.color)}</td>
              <td className="results-table__body">{vehicleLabel("body", result.body_type)}</td>
              <td className="results-table__long results-table__agency" title={result.agency ?? undefined}>
                {orNotAvailable(result.agency)}
              </td>
              <td
                className="results-table__long results-table__camera"
                title={result.camera_name ?? undefined}
              >
                {orNotAvailable(result.camera_name)}
              </td>
              <td className="results-table__time">
                {formatTimestamp(result.timestamp)}
                {result.absurd_date && (
                  <span className="results-table__date-warning" title={MESSAGES.absurdDateWarning}>
                    {MESSAGES.absurdDateShort}
                  </span>
                )}
              </td>
              <td className="results-table__vehicle-cell">
                <ProxiedImage
                  src={result.vehicle_image_src}
                  alt={`Vehicle ${result.plate}`}
                  lazy
                  className="results-table__vehicle"
                  fallback="No Image"
                />
              </td>
              <td className="results-table__plate-cell">
                <PlateImage result={result} lazy className="results-table__plate-image" />
              </td>
            </tr>
          ))}
          {last < results.length && (
            <tr aria-hidden="true" style={{ height: (results.length - last) * rowHeight }} />
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A sortable column's header: a button naming the column, with aria-sort on the header cell (the
 * WAI-ARIA sortable table pattern). On narrow screens the header row is hidden and the toolbar's
 * "Sort by" list sorts instead, so the header is plain text there.
 */
function SortHeader({
  name,
  sort,
  onSort,
}: {
  name: SortKey;
  sort: ResultsSort;
  onSort: ((key: SortKey) => void) | undefined;
}) {
  const active = sort?.key === name ? sort.direction : undefined;
  if (!onSort) return <th scope="col">{SORT_LABELS[name]}</th>;
  return (
    <th scope="col" aria-sort={active ?? "none"} className="results-table__sortable">
      <button type="button" className="results-table__sort" onClick={() => onSort(name)}>
        {SORT_LABELS[name]}
        <span aria-hidden="true" className="results-table__sort-arrow">
          {active === "ascending" ? "▲" : active === "descending" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}
