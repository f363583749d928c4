import { describe, expect, it } from "vitest";
import { normalizePlate, plateMatches, toPlatePattern } from "../src/sources/plate-pattern";

describe("plate patterns", () => {
  it("normalises like stored plates", () => {
    expect(normalizePlate(" ab-12 34 ")).toBe("AB1234");
  });

  it("matches short plates exactly and 3+ characters as a part", () => {
    expect(toPlatePattern("ab")).toEqual({ kind: "exact", value: "AB" });
    expect(toPlatePattern("k47", "partial")).toEqual({ kind: "contains", value: "K47" });
    expect(plateMatches(toPlatePattern("k47", "partial"), "ABK4712")).toBe(true);
    expect(plateMatches(toPlatePattern("k47", "partial"), "ABK4812")).toBe(false);
  });

  it("searches a typed plate as Similar unless told otherwise, and wildcards as Partial", () => {
    expect(toPlatePattern("mu1217o")).toEqual({ kind: "similar", value: "MU1217O" });
    expect(toPlatePattern("mu1217o", "exact")).toEqual({ kind: "exact", value: "MU1217O" });
    expect(toPlatePattern("mu12*")).toMatchObject({ kind: "wildcard" });
    const similar = toPlatePattern("mu1217o");
    expect(plateMatches(similar, "MU12170")).toBe(true);
    expect(plateMatches(similar, "XMU1217OX")).toBe(true);
    expect(plateMatches(similar, "MU1")).toBe(false);
  });

  it("understands * and ? wildcards, escaping LIKE's own characters", () => {
    const pattern = toPlatePattern("ab*1?");
    expect(pattern).toMatchObject({ kind: "wildcard", like: "AB%1_" });
    expect(plateMatches(pattern, "AB99912")).toBe(true);
    expect(plateMatches(pattern, "XAB9912")).toBe(false);
    expect(toPlatePattern("a%b*")).toMatchObject({ like: "A\\%B%" });
  });

  it("treats a blank plate as no plate filter", () => {
    expect(toPlatePattern("   ")).toBeUndefined();
    expect(plateMatches(undefined, "ANY")).toBe(true);
  });
});
