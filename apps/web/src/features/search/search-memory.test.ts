import { beforeEach, describe, expect, it } from "vitest";
import { mapResult } from "@/testing/search-results";
import {
  arrivingResults,
  forgetSearches,
  loadLastResults,
  loadRecentSearches,
  loadResultsView,
  rememberSearch,
  RECENT_LIMIT,
  saveLastResults,
  saveResultsView,
} from "./search-memory";
import type { SearchParams } from "./search-params";

const HOUR = 3_600_000;
const params = (plate: string, hours = 24, end = Date.parse("2026-03-01T12:00:59.999Z")): SearchParams =>
  ({
    plate,
    justification: "Case 7",
    start_time: new Date(end - 59_999 - hours * HOUR).toISOString(),
    end_time: new Date(end).toISOString(),
    agencies: [],
    filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
  }) as unknown as SearchParams;

beforeEach(() => window.sessionStorage.clear());

describe("search memory (sessionStorage, issue 20)", () => {
  it("keeps the last results and their view for the user who searched only", () => {
    const state = { searchResults: [mapResult()], previousSearchParams: params("ak47"), sourceStatuses: [] };
    saveLastResults("hartford.investigator", state);
    saveResultsView("hartford.investigator", state.previousSearchParams, {
      sort: null,
      filter: "main",
      view: "map",
    });
    expect(loadLastResults("hartford.investigator")).toEqual(state);
    expect(loadResultsView("hartford.investigator", state.previousSearchParams)?.filter).toBe("main");
    expect(loadResultsView("hartford.investigator", params("other"))).toBeNull();
    expect(loadLastResults("newhaven.admin")).toBeNull();
    expect(window.location.search).toBe("");
  });

  it("remembers searches newest first without their justification, once each, at most RECENT_LIMIT", () => {
    rememberSearch("u", params("aaa"));
    rememberSearch("u", params("bbb", 168));
    // The same preset search an hour later is the same search: it moves to the front.
    rememberSearch("u", params("aaa", 24, Date.parse("2026-03-01T13:00:59.999Z")));
    const recent = loadRecentSearches("u");
    expect(recent.map((entry) => [entry.params.plate, entry.preset])).toEqual([
      ["aaa", "24 Hours"],
      ["bbb", "7 Days"],
    ]);
    expect(JSON.stringify(window.sessionStorage)).not.toContain("Case 7");
    for (let i = 0; i < RECENT_LIMIT + 3; i++) rememberSearch("u", params(`p${i}`));
    expect(loadRecentSearches("u")).toHaveLength(RECENT_LIMIT);
    expect(loadRecentSearches("someone else")).toEqual([]);
  });

  it("keeps a paged answer's results and cursor; a refresh goes on from them for the same search only (issue 21)", () => {
    const first = {
      searchResults: [mapResult({ id: "r-1" })],
      previousSearchParams: { ...params("ak47"), page_size: 1 },
      sourceStatuses: [],
      nextCursor: "cursor-2",
    };
    const further = {
      ...first,
      searchResults: [mapResult({ id: "r-1" }), mapResult({ id: "r-2" })],
      nextCursor: "cursor-3",
    };
    saveLastResults("u", further, "cursor-2");
    expect(loadLastResults("u")).toEqual(further);
    // The navigation's state (the first page) after a refresh: the kept pages, from their cursor.
    expect(arrivingResults("u", first)).toEqual({ state: further, origin: "cursor-2", stored: true });
    // No navigation state: the kept pages, still named by their search's first cursor.
    expect(arrivingResults("u", null)).toEqual({ state: further, origin: "cursor-2", stored: true });
    // Another search (or the same asked again: a new cursor) starts from its own first page.
    const again = { ...first, nextCursor: "cursor-2-of-a-new-search" };
    expect(arrivingResults("u", again)).toEqual({
      state: again,
      origin: "cursor-2-of-a-new-search",
      stored: false,
    });
    // An answer that came whole is shown as navigated, and the kept pages of another user are not.
    const whole = { ...first, nextCursor: null };
    expect(arrivingResults("u", whole)).toEqual({ state: whole, origin: null, stored: false });
    expect(arrivingResults("someone else", first)).toEqual({
      state: first,
      origin: "cursor-2",
      stored: false,
    });
    expect(arrivingResults("someone else", null)).toEqual({ state: null, origin: null, stored: false });
  });

  it("remembers a search without the page size it was asked in (issue 21)", () => {
    rememberSearch("u", { ...params("aaa"), page_size: 500 });
    rememberSearch("u", params("aaa"));
    const recent = loadRecentSearches("u");
    expect(recent).toHaveLength(1);
    expect(recent[0]!.params).not.toHaveProperty("page_size");
  });

  it("forgets everything at sign-out", () => {
    rememberSearch("u", params("aaa"));
    saveLastResults("u", { searchResults: [], previousSearchParams: params("aaa"), sourceStatuses: [] });
    forgetSearches();
    expect(window.sessionStorage.length).toBe(0);
  });
});
