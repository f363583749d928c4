import { describe, expect, it } from "vitest";
import { degreesOfLatitude, distanceMeters, insideRing, type LonLat } from "../src/index";

describe("geo", () => {
  it("measures great-circle distances in metres", () => {
    expect(distanceMeters(41.7658, -72.6734, 41.7658, -72.6734)).toBe(0);
    // One degree of latitude along a meridian: πR/180.
    expect(distanceMeters(41, -72, 42, -72)).toBeCloseTo(111_195, 0);
    // Hartford to New Haven, about 55 km as the crow flies.
    expect(distanceMeters(41.7658, -72.6734, 41.3083, -72.9279) / 1000).toBeCloseTo(55.1, 1);
    expect(degreesOfLatitude(distanceMeters(41, -72, 42, -72))).toBeCloseTo(1, 9);
  });

  it("finds a point inside a ring of GeoJSON corners, closed or not", () => {
    const square: LonLat[] = [
      [-73, 41],
      [-72, 41],
      [-72, 42],
      [-73, 42],
    ];
    expect(insideRing(41.5, -72.5, square)).toBe(true);
    expect(insideRing(41.5, -71.5, square)).toBe(false);
    expect(insideRing(42.5, -72.5, [...square, square[0]!])).toBe(false);
  });
});
