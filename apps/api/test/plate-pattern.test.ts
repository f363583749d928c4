import { describe, expect, it } from "vitest";
import { normalizePlate, plateMatches, toPlatePattern } from "../src/sources/plate-pattern";

describe("plate patterns", () => {
  it("normalises like stored plates", () => {
    expect(normalizePlate(" ab-12 34 ")).toBe("AB1234");
  });

  it("matches short plates exactly and 3+ characters as a part", () => {
    expect(toPlatePattern("ab")).toEqual({ kind: "exact", value: "AB" });
    expect(toPlatePattern("k47")).toEqual({ kind: "contains", value: "K47" });
    expect(plateMatches(toPlatePattern("k47"), "ABK4712")).toBe(true);
    expect(plateMatches(toPlatePattern("k47"), "ABK4812")).toBe(false);
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
