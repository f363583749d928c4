import { findTimePreset, type TimePresetLabel } from "@odin/contract";
import type { ResultsSort } from "./results-view";
import { readResultsState, type ResultsState, type SearchParams } from "./search-params";

/**
 * What the search screens keep for this tab (issue 20): the last results, so a refresh or the
 * browser's Back shows them again, and the recent searches. sessionStorage only: never the URL (plates
 * and justifications would land in history, logs and referrers), gone when the tab closes, cleared at
 * sign-out (use-logout.ts), and bound to the user who searched, so another sign-in in the tab sees none.
 */
const LAST_KEY = "odin.search.last";
const VIEW_KEY = "odin.search.view";
const RECENT_KEY = "odin.search.recent";
/** How many recent searches are kept. */
export const RECENT_LIMIT = 8;

/** How the results were being looked at: restored with them. */
export interface ResultsViewState {
  sort: ResultsSort;
  filter: string;
  view: "table" | "map";
}

/** A recent search: the request without its justification (which is given again) and when it ran. */
export interface RecentSearch {
  params: Omit<SearchParams, "justification" | "page_size">;
  /** The preset its range was ("Last 24 hours"): a re-run covers that length up to now. */
  preset: TimePresetLabel | null;
  ran_at: string;
}

function read(key: string, owner: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { owner?: unknown; value?: unknown };
    return stored.owner === owner ? stored.value : null;
  } catch {
    return null;
  }
}

function write(key: string, owner: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ owner, value }));
  } catch {
    // Over the storage quota (a very large answer) or storage refused: keep nothing rather than a stale copy.
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  }
}

/** The last results of this tab's user. */
export function loadLastResults(owner: string): ResultsState | null {
  return readLast(owner)?.state ?? null;
}

/**
 * Kept once per search (the answer may be large), and again after each page a paged answer adds (issue
 * 21); how it is viewed is kept apart (saveResultsView). `origin` names a paged search: the cursor its
 * first page gave (see arrivingResults).
 */
export function saveLastResults(owner: string, state: ResultsState, origin: string | null = null): void {
  write(LAST_KEY, owner, origin ? { ...state, origin } : state);
}

function readLast(owner: string): { state: ResultsState; origin: string | null } | null {
  const value = read(LAST_KEY, owner);
  const state = readResultsState(value);
  if (!state) return null;
  const origin = (value as { origin?: unknown }).origin;
  return { state, origin: typeof origin === "string" && origin ? origin : null };
}

/** What /results shows on arrival, and how it stands with what the tab keeps. */
export interface ArrivingResults {
  state: ResultsState | null;
  /** A paged search's name: the cursor its first page gave; null for an answer that came whole. */
  origin: string | null;
  /** The state is the tab's kept copy: nothing to keep again until a page is added. */
  stored: boolean;
}

/**
 * /results' state on arrival: the navigation's; without one (a new tab's history, a browser that drops
 * it) the tab's last results. A paged answer's navigation state holds its first page only (issue 21):
 * when the tab's last results go on from that same search (the first page's cursor, signed per search,
 * names it), they are shown instead, so a refresh goes on loading where it stopped.
 */
export function arrivingResults(owner: string, fromNavigation: ResultsState | null): ArrivingResults {
  const kept = readLast(owner);
  if (!fromNavigation) {
    return kept ? { ...kept, stored: true } : { state: null, origin: null, stored: false };
  }
  const origin = fromNavigation.nextCursor ?? null;
  if (origin && kept?.origin === origin) return { ...kept, stored: true };
  return { state: fromNavigation, origin, stored: false };
}

const fingerprint = (params: SearchParams) => JSON.stringify(params);

/** How the results of this search were being viewed, if they were. */
export function loadResultsView(owner: string, params: SearchParams): ResultsViewState | null {
  const value = read(VIEW_KEY, owner) as { search?: string; view?: ResultsViewState } | null;
  return value?.search === fingerprint(params) && value.view ? value.view : null;
}

export function saveResultsView(owner: string, params: SearchParams, view: ResultsViewState): void {
  write(VIEW_KEY, owner, { search: fingerprint(params), view });
}

/** This tab's user's recent searches, newest first. */
export function loadRecentSearches(owner: string): RecentSearch[] {
  const value = read(RECENT_KEY, owner);
  return Array.isArray(value) ? (value as RecentSearch[]).filter((entry) => entry && entry.params) : [];
}

/**
 * Adds a search that ran to the front; the same search run again moves to the front. The page size
 * (issue 21) is the server's setting, not part of what was asked: a re-run asks the size of its day.
 */
export function rememberSearch(owner: string, params: SearchParams, now: Date = new Date()): RecentSearch[] {
  const { justification: _justification, page_size: _pageSize, ...rest } = params;
  const preset =
    findTimePreset(
      Math.floor(Date.parse(params.start_time) / 60_000) * 60_000,
      Math.floor(Date.parse(params.end_time) / 60_000) * 60_000,
    ) ?? null;
  const entry: RecentSearch = { params: rest, preset, ran_at: now.toISOString() };
  const same = (other: RecentSearch) => sameSearch(other, entry);
  const next = [entry, ...loadRecentSearches(owner).filter((other) => !same(other))].slice(0, RECENT_LIMIT);
  write(RECENT_KEY, owner, next);
  return next;
}

/** Two searches are the same when they ask the same (a preset's range counts by its preset). */
function sameSearch(a: RecentSearch, b: RecentSearch): boolean {
  const criteria = (entry: RecentSearch) => {
    const { start_time, end_time, ...rest } = entry.params;
    return JSON.stringify({ ...rest, range: entry.preset ?? `${start_time}/${end_time}` });
  };
  return criteria(a) === criteria(b);
}

/** Sign-out: the tab forgets every search and result. */
export function forgetSearches(): void {
  try {
    window.sessionStorage.removeItem(LAST_KEY);
    window.sessionStorage.removeItem(VIEW_KEY);
    window.sessionStorage.removeItem(RECENT_KEY);
  } catch {
    // Nothing to clear.
  }
}
