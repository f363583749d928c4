import { describe, expect, it } from "vitest";
import { axisEntries, rekorEntries, setTicked, tickOf } from "./agency-selection";

describe("agency selection", () => {
  it("lists Rekor agencies by name with their id as a string", () => {
    expect(
      rekorEntries([
        { id: 2, agency: "Hartford PD" },
        { id: 10, agency: "Bristol PD" },
      ]),
    ).toEqual([
      { key: "10", label: "Bristol PD", value: "10", values: ["10"] },
      { key: "2", label: "Hartford PD", value: "2", values: ["2"] },
    ]);
  });

  it("stands an Axis agency for all its integration identifiers", () => {
    const [entry] = axisEntries([
      { id: 7, agency_name: "New Haven PD", integrations: [{ identifier: "a" }, { identifier: "b" }] },
    ]);
    expect(entry?.values).toEqual(["a", "b"]);
    expect(entry?.children?.map((child) => child.value)).toEqual(["a", "b"]);
  });

  it("says whether none, some or all of a group is ticked", () => {
    const selected = new Set(["a"]);
    expect(tickOf(["a", "b"], selected)).toBe("some");
    expect(tickOf(["a"], selected)).toBe("all");
    expect(tickOf(["b"], selected)).toBe("none");
    expect(tickOf([], selected)).toBe("none");
  });

  it("ticks a group once and unticks only that group", () => {
    expect(setTicked(["x", "a"], ["a", "b"], true)).toEqual(["x", "a", "b"]);
    expect(setTicked(["x", "a", "b"], ["a", "b"], false)).toEqual(["x"]);
  });
});
