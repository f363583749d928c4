import { describe, expect, it } from "vitest";
import { hasValidCoordinates } from "./coordinates";

describe("hasValidCoordinates (000 §5)", () => {
  it("accepts points strictly inside the globe", () => {
    expect(hasValidCoordinates(41.5, -72.7)).toBe(true);
    expect(hasValidCoordinates(-89.999, 179.999)).toBe(true);
    expect(hasValidCoordinates(0, 1)).toBe(true);
  });

  it("refuses the edges, (0,0), (-1,-1) and missing values", () => {
    for (const [lat, lon] of [
      [90, 0],
      [-90, 10],
      [10, 180],
      [10, -180],
      [0, 0],
      [-1, -1],
      [Number.NaN, 1],
      [null, 1],
      [1, undefined],
    ] as const) {
      expect(hasValidCoordinates(lat, lon), `${lat},${lon}`).toBe(false);
    }
  });
});
