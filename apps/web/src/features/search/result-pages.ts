import type { TSearchResult, TSourceStatus } from "@odin/contract";
import type { SearchAnswer } from "./api/search";
import type { ResultsState } from "./search-params";

type Source = TSourceStatus["source"];

/** How bad a source's status is: a later page's worse status (and its error) replaces the earlier one. */
const SEVERITY: Record<TSourceStatus["status"], number> = {
  ok: 0,
  skipped: -1,
  partial: 1,
  timeout: 2,
  failed: 3,
};

/** A result is the same read when its source and its id are (ids are the source's own). */
const readKey = (result: Pick<TSearchResult, "source_program" | "id">) =>
  `${result.source_program}\u0000${result.id}`;

/**
 * The results with the next page of a paged answer added (issue 21): reads already loaded are skipped,
 * the sources' statuses merged (mergeSourceStatuses) and the page's cursor kept as the next one.
 */
export function appendPage(state: ResultsState, page: SearchAnswer): ResultsState {
  const loaded = new Set(state.searchResults.map(readKey));
  const added: TSearchResult[] = [];
  const repeated = new Map<Source, number>();
  for (const result of page.results) {
    const key = readKey(result);
    if (loaded.has(key)) {
      repeated.set(result.source_program, (repeated.get(result.source_program) ?? 0) + 1);
      continue;
    }
    loaded.add(key);
    added.push(result);
  }
  return {
    ...state,
    searchResults: added.length > 0 ? [...state.searchResults, ...added] : state.searchResults,
    sourceStatuses: mergeSourceStatuses(state.sourceStatuses, page.statuses, repeated),
    nextCursor: page.nextCursor,
  };
}

/**
 * The statuses so far with a page's (which name only the sources that page asked): counts add up (less
 * the reads skipped as already loaded), a worse status replaces a better one with its error (a page
 * that failed, timed out or answered in part makes an ok source so), the time spent adds up, and a
 * notice said once is kept.
 */
export function mergeSourceStatuses(
  current: readonly TSourceStatus[],
  page: readonly TSourceStatus[],
  repeated: ReadonlyMap<Source, number> = new Map(),
): TSourceStatus[] {
  const merged = [...current];
  for (const status of page) {
    const count = Math.max(0, status.count - (repeated.get(status.source) ?? 0));
    const at = merged.findIndex((earlier) => earlier.source === status.source);
    if (at === -1) {
      merged.push({ ...status, count });
      continue;
    }
    const earlier = merged[at]!;
    const worse = SEVERITY[status.status] > SEVERITY[earlier.status];
    const next: TSourceStatus = {
      ...earlier,
      count: earlier.count + count,
      elapsed_ms: earlier.elapsed_ms + status.elapsed_ms,
    };
    if (worse) {
      next.status = status.status;
      if (status.error === undefined) delete next.error;
      else next.error = status.error;
    }
    if (next.notice === undefined && status.notice !== undefined) {
      next.notice = status.notice;
      if (status.notice_kinds) next.notice_kinds = status.notice_kinds;
    }
    merged[at] = next;
  }
  return merged;
}
