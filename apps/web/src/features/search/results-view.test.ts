import { describe, expect, it } from "vitest";
import { mapResult } from "@/testing/search-results";
import { filterResults, nextSort, sortResults } from "./results-view";

const READS = [
  mapResult({ id: "1", plate: "BBB222", agency: "Hartford", timestamp: "2025-03-01T10:00:00.000Z" }),
  mapResult({
    id: "2",
    plate: "AAA111",
    agency: null,
    source_program: "Axis",
    timestamp: "2025-03-01T12:00:00.000Z",
  }),
  mapResult({
    id: "3",
    plate: "CCC-333",
    agency: "East Hartford",
    source_program: "Axon",
    timestamp: "2025-03-01T11:00:00.000Z",
    hotlists: [{ group_id: 7, group_name: "Stolen Vehicles" }],
  }),
];
const ids = (results: readonly { id: string }[]) => results.map((result) => result.id);

describe("sortResults", () => {
  it("keeps the server's order without a sort", () => {
    expect(ids(sortResults(READS, null))).toEqual(["1", "2", "3"]);
  });
  it("sorts by plate, time and program both ways", () => {
    expect(ids(sortResults(READS, { key: "plate", direction: "ascending" }))).toEqual(["2", "1", "3"]);
    expect(ids(sortResults(READS, { key: "plate", direction: "descending" }))).toEqual(["3", "1", "2"]);
    expect(ids(sortResults(READS, { key: "timestamp", direction: "descending" }))).toEqual(["2", "3", "1"]);
    expect(ids(sortResults(READS, { key: "program", direction: "ascending" }))).toEqual(["3", "2", "1"]);
  });
  it("puts missing values last in either direction", () => {
    expect(ids(sortResults(READS, { key: "agency", direction: "ascending" }))).toEqual(["3", "1", "2"]);
    expect(ids(sortResults(READS, { key: "agency", direction: "descending" }))).toEqual(["1", "3", "2"]);
  });
  it("cycles a column: ascending, descending, the server's order (time starts newest first)", () => {
    expect(nextSort(null, "plate")).toEqual({ key: "plate", direction: "ascending" });
    expect(nextSort({ key: "plate", direction: "ascending" }, "plate")).toEqual({
      key: "plate",
      direction: "descending",
    });
    expect(nextSort({ key: "plate", direction: "descending" }, "plate")).toBeNull();
    expect(nextSort({ key: "plate", direction: "descending" }, "timestamp")).toEqual({
      key: "timestamp",
      direction: "descending",
    });
  });
});

describe("filterResults", () => {
  it("finds words anywhere in the row, ignoring case, spaces and dashes", () => {
    expect(ids(filterResults(READS, "ccc 333"))).toEqual(["3"]);
    expect(ids(filterResults(READS, "hartford"))).toEqual(["1", "3"]);
    expect(ids(filterResults(READS, "raven"))).toEqual(["2"]);
    expect(ids(filterResults(READS, "stolen"))).toEqual(["3"]);
    expect(ids(filterResults(READS, "on hotlist"))).toEqual(["3"]);
    expect(ids(filterResults(READS, "  "))).toEqual(["1", "2", "3"]);
    expect(filterResults(READS, "nothing like it")).toEqual([]);
  });
});
