import { beforeEach, describe, expect, it } from "vitest";
import { mapResult } from "@/testing/search-results";
import {
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

  it("forgets everything at sign-out", () => {
    rememberSearch("u", params("aaa"));
    saveLastResults("u", { searchResults: [], previousSearchParams: params("aaa"), sourceStatuses: [] });
    forgetSearches();
    expect(window.sessionStorage.length).toBe(0);
  });
});
