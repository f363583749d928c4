import { describe, expect, it } from "vitest";
import {
  defaultSearchForm,
  fromSearchRequest,
  presetRange,
  rangeLabel,
  readResultsState,
  toSearchRequest,
  validateSearchForm,
} from "./search-params";

const now = new Date(2026, 10, 21, 14, 30); // local time

describe("the search form's parameters", () => {
  it("starts on the last 24 hours with nothing else set", () => {
    const form = defaultSearchForm(now);
    expect(form.preset).toBe("24 Hours");
    expect(form.end).toBe("2026-11-21T14:30");
    expect(form.start).toBe("2026-11-20T14:30");
    expect(form.agencies).toEqual([]);
    expect(Object.values(form.filters)).toEqual([false, false, false, false]);
  });

  it("labels the range '{preset} (from {start} to {end})' or 'No time range selected'", () => {
    const form = { ...defaultSearchForm(now), ...presetRange("7 Days", now), preset: "7 Days" as const };
    expect(rangeLabel(form)).toBe("7 Days (from 11/14/2026, 14:30 to 11/21/2026, 14:30)");
    expect(rangeLabel({ ...form, preset: null })).toBe("No time range selected");
  });

  it("requires a justification that is not blank and both dates", () => {
    const form = defaultSearchForm(now);
    expect(validateSearchForm(form)).toBe("Justification and date range are required.");
    expect(validateSearchForm({ ...form, justification: "   " })).toBe(
      "Justification and date range are required.",
    );
    expect(validateSearchForm({ ...form, justification: "Case 1", start: "" })).toBe(
      "Justification and date range are required.",
    );
    expect(validateSearchForm({ ...form, justification: "Case 1" })).toBeNull();
  });

  it("sends the plate trimmed and lower-cased, and leaves blanks out", () => {
    const request = toSearchRequest({
      ...defaultSearchForm(now),
      plate: "  AK 47281 ",
      justification: " Case 7 ",
    });
    expect(request.plate).toBe("ak 47281");
    expect(request.justification).toBe("Case 7");
    expect(request.plate_state).toBeUndefined();
    // The end minute is searched to its last millisecond, so a read of a few seconds ago is found.
    expect(new Date(request.end_time).getTime()).toBe(now.getTime() + 59_999);
  });

  it("sends the match choice with a plate (Similar unless changed) and refills it", () => {
    const now = new Date(2025, 0, 15, 10, 0);
    const form = { ...defaultSearchForm(now), justification: "x", plate: "MU1217O" };
    expect(toSearchRequest(form).match).toBe("similar");
    const exact = toSearchRequest({ ...form, match: "exact" });
    expect(exact.match).toBe("exact");
    expect(fromSearchRequest(exact).match).toBe("exact");
    expect(toSearchRequest({ ...form, plate: " " })).not.toHaveProperty("match");
  });

  it("refills the form from the previous search and re-marks a preset of the same length", () => {
    const sent = toSearchRequest({
      ...defaultSearchForm(now),
      ...presetRange("30 Days", now),
      justification: "Case 9",
      plate: "ak47281",
      agencies: ["1", "hfd-lpv-01"],
    });
    const back = fromSearchRequest(sent);
    expect(back.preset).toBe("30 Days");
    expect(back.plate).toBe("ak47281");
    expect(back.agencies).toEqual(["1", "hfd-lpv-01"]);
    const custom = fromSearchRequest({
      ...sent,
      start_time: new Date(now.getTime() - 5 * 3_600_000).toISOString(),
    });
    expect(custom.preset).toBeNull();
  });

  it("reads /results' navigation state, and nothing from a visit without a search", () => {
    expect(readResultsState(null)).toBeNull();
    expect(readResultsState({ searchResults: [] })).toBeNull();
    const params = toSearchRequest({ ...defaultSearchForm(now), justification: "x" });
    expect(readResultsState({ searchResults: [], previousSearchParams: params })).toEqual({
      searchResults: [],
      previousSearchParams: params,
      sourceStatuses: [],
    });
  });

  it("reads a paged answer's cursor back (issue 21); a state kept before paging has none", () => {
    const params = toSearchRequest({ ...defaultSearchForm(now), justification: "x" });
    const paged = { searchResults: [], previousSearchParams: params, sourceStatuses: [], nextCursor: "c-2" };
    // As the browser's history or sessionStorage give it back: through JSON.
    expect(readResultsState(JSON.parse(JSON.stringify(paged)))?.nextCursor).toBe("c-2");
    const old = readResultsState(JSON.parse(JSON.stringify({ ...paged, nextCursor: undefined })));
    expect(old).not.toBeNull();
    expect(old).not.toHaveProperty("nextCursor");
    for (const odd of [null, "", 7, { cursor: "c-2" }]) {
      expect(readResultsState({ ...paged, nextCursor: odd })).not.toHaveProperty("nextCursor");
    }
  });
});
