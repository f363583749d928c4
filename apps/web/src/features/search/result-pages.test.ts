import { describe, expect, it } from "vitest";
import { mapResult, sourceStatus } from "@/testing/search-results";
import { appendPage, mergeSourceStatuses } from "./result-pages";
import type { ResultsState, SearchParams } from "./search-params";

const status = sourceStatus;

describe("a paged answer's pages (issue 21)", () => {
  it("appends a page's new reads, skips those loaded (same source and id) and keeps its cursor", () => {
    const state: ResultsState = {
      searchResults: [mapResult({ id: "1" }), mapResult({ id: "2", source_program: "Axon" })],
      previousSearchParams: { justification: "x" } as SearchParams,
      sourceStatuses: [status("Rekor", 1), status("Axon", 1)],
      nextCursor: "c-2",
    };
    const next = appendPage(state, {
      results: [
        mapResult({ id: "2", source_program: "Axon" }), // loaded already
        mapResult({ id: "2" }), // the same id from another source is another read
        mapResult({ id: "3", source_program: "Axon" }),
        mapResult({ id: "3", source_program: "Axon" }), // twice in one page
      ],
      statuses: [status("Rekor", 1), status("Axon", 3)],
      nextCursor: null,
    });
    expect(next.searchResults.map((result) => `${result.source_program}:${result.id}`)).toEqual([
      "Rekor:1",
      "Axon:2",
      "Rekor:2",
      "Axon:3",
    ]);
    expect(next.nextCursor).toBeNull();
    expect(next.previousSearchParams).toBe(state.previousSearchParams);
    // Counts add up, less the reads skipped.
    expect(next.sourceStatuses.map((entry) => [entry.source, entry.count])).toEqual([
      ["Rekor", 2],
      ["Axon", 2],
    ]);
  });

  it("merges the statuses: a problem and its error replace an ok, notices are kept, a new source joins", () => {
    const merged = mergeSourceStatuses(
      [
        status("Rekor", 500, { notice: "Rekor keeps 90 days of reads.", notice_kinds: ["retention"] }),
        status("Axon", 20, { status: "partial", error: "Bristol PD failed" }),
        status("Axis", 0, { status: "skipped" }),
      ],
      [
        status("Rekor", 100, { status: "failed", error: "Rekor answered 502" }),
        status("Axon", 5), // an ok page does not hide the earlier problem
        status("Axis", 3), // not asked before, answered now
      ],
    );
    expect(merged).toEqual([
      {
        source: "Rekor",
        status: "failed",
        error: "Rekor answered 502",
        count: 600,
        elapsed_ms: 200,
        notice: "Rekor keeps 90 days of reads.",
        notice_kinds: ["retention"],
      },
      { source: "Axon", status: "partial", error: "Bristol PD failed", count: 25, elapsed_ms: 200 },
      { source: "Axis", status: "ok", count: 3, elapsed_ms: 200 },
    ]);
    expect(mergeSourceStatuses([status("Rekor", 1)], [status("Axon", 2, { notice: "Axon says" })])).toEqual([
      status("Rekor", 1),
      status("Axon", 2, { notice: "Axon says" }),
    ]);
    expect(
      mergeSourceStatuses(
        [status("Rekor", 1)],
        [status("Rekor", 0, { status: "timeout", error: "no answer", notice: "later notice" })],
      ),
    ).toEqual([
      {
        ...status("Rekor", 1, { status: "timeout", error: "no answer" }),
        notice: "later notice",
        elapsed_ms: 200,
      },
    ]);
  });
});
