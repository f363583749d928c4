import { Button, Notice } from "@/components/ui";
import type { OlderResults } from "./use-older-results";

export const OLDER_RESULTS_FAILED = "Older results could not be loaded.";

/** The line while a paged answer's older results load (issue 21). */
export const olderResultsLoadingText = (loaded: number) =>
  `Showing the newest ${loaded.toLocaleString()} ${loaded === 1 ? "result" : "results"} · loading older ones…`;

export interface OlderResultsStatusProps {
  older: OlderResults;
  /** How many results are loaded so far. */
  loaded: number;
  /** The answer came in pages: when every page is in, screen readers hear so. */
  paged: boolean;
  onRetry: () => void;
}

/**
 * Beside the results' count while a paged answer's older results load (issue 21). The polite live
 * region is there from the start, so its changes are announced: how many are loaded while loading, and
 * (to screen readers only) that all are once done, when the line itself goes and takes no room. A
 * failure is a warning with the server's message and Try again, which asks for the same page again; a
 * cursor that can no longer be continued says to search again instead.
 */
export function OlderResultsStatus({ older, loaded, paged, onRetry }: OlderResultsStatusProps) {
  return (
    <div className={older.status === "done" ? "results-paging visually-hidden" : "results-paging"}>
      <div role="status">
        {older.status === "loading" && (
          <div className="notice notice--info results-paging__line">
            <span className="spinner__ring results-paging__spinner" aria-hidden="true" />
            <span>{olderResultsLoadingText(loaded)}</span>
          </div>
        )}
        {older.status === "done" && paged && <span>All {loaded.toLocaleString()} results are loaded.</span>}
      </div>
      {older.status === "failed" && (
        <Notice tone="warning" title={OLDER_RESULTS_FAILED}>
          {older.messages.length > 0 && <p className="results-paging__message">{older.messages.join(" ")}</p>}
          {older.canRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Notice>
      )}
    </div>
  );
}
