import { describe, expect, it } from "vitest";
import { formatTimestamp } from "@/lib/format";
import {
  SLIDER_MAX_STEPS,
  filterByTime,
  pointsInRange,
  popupFields,
  shownOnMapText,
  sliderSteps,
  sliderTime,
  timeBounds,
  toMapPoints,
  withoutLocationText,
} from "./results-map-data";
import { mapResult } from "@/testing/search-results";

describe("toMapPoints (000 §5: markers only for valid coordinates)", () => {
  it("keeps results strictly inside ±90/±180 that are not (0,0) or (-1,-1)", () => {
    const results = [
      mapResult({ id: "ok", latitude: 41.5, longitude: -72.7 }),
      mapResult({ id: "zero", latitude: 0, longitude: 0 }),
      mapResult({ id: "minus-one", latitude: -1, longitude: -1 }),
      mapResult({ id: "no-lat", latitude: null, longitude: -72.7 }),
      mapResult({ id: "absent", latitude: undefined, longitude: undefined }),
      mapResult({ id: "pole", latitude: 90, longitude: 10 }),
      mapResult({ id: "antimeridian", latitude: 10, longitude: -180 }),
      mapResult({ id: "nan", latitude: Number.NaN, longitude: 10 }),
      mapResult({ id: "equator", latitude: 0, longitude: 10 }),
      mapResult({ id: "edge", latitude: -89.999, longitude: 179.999 }),
    ];
    const { points, withoutLocation } = toMapPoints(results);
    expect(points.map((point) => point.result.id)).toEqual(["ok", "equator", "edge"]);
    expect(points.map((point) => point.index)).toEqual([0, 8, 9]);
    expect(withoutLocation).toBe(7);
  });

  it("precomputes the position, the time and the world coordinates", () => {
    const {
      points: [point],
    } = toMapPoints([mapResult({ latitude: 41.5, longitude: -72.7, timestamp: "2025-03-01T15:00:00Z" })]);
    expect(point?.position).toEqual([41.5, -72.7]);
    expect(point?.time).toBe(Date.UTC(2025, 2, 1, 15));
    expect(point?.x).toBeCloseTo((-72.7 + 180) / 360, 12);
    expect(point?.y).toBeGreaterThan(0);
    expect(point?.y).toBeLessThan(0.5);
  });
});

describe("the time filter", () => {
  const at = (iso: string) => ({ time: Date.parse(iso) });
  const points = [
    at("2025-03-01T10:00:00Z"),
    at("2025-03-01T11:00:00Z"),
    at("2025-03-01T12:00:00Z"),
    { time: Number.NaN },
  ];

  it("finds the oldest and newest readable timestamps", () => {
    expect(timeBounds(points)).toEqual({
      oldest: Date.parse("2025-03-01T10:00:00Z"),
      newest: Date.parse("2025-03-01T12:00:00Z"),
    });
    expect(timeBounds([])).toBeNull();
    expect(timeBounds([{ time: Number.NaN }])).toBeNull();
  });

  it("includes both ends of the range", () => {
    const from = Date.parse("2025-03-01T10:00:00Z");
    const to = Date.parse("2025-03-01T11:00:00Z");
    expect(filterByTime(points, from, to)).toEqual([points[0], points[1]]);
    expect(filterByTime(points, to, to)).toEqual([points[1]]);
    expect(filterByTime(points, to + 1, to + 2)).toEqual([]);
  });

  it("maps slider positions onto [oldest, newest] with exact ends", () => {
    const bounds = { oldest: 1_000_000, newest: 1_000_000 + 7_200_000 };
    const steps = sliderSteps(bounds);
    expect(steps).toBe(SLIDER_MAX_STEPS);
    expect(sliderTime(0, bounds, steps)).toBe(bounds.oldest);
    expect(sliderTime(steps, bounds, steps)).toBe(bounds.newest);
    expect(sliderTime(steps / 2, bounds, steps)).toBe(bounds.oldest + 3_600_000);
    expect(sliderTime(-5, bounds, steps)).toBe(bounds.oldest);
    expect(sliderTime(steps + 5, bounds, steps)).toBe(bounds.newest);
  });

  it("uses no step finer than a second and none for a single instant", () => {
    expect(sliderSteps({ oldest: 0, newest: 2_500 })).toBe(3);
    expect(sliderSteps({ oldest: 5, newest: 5 })).toBe(0);
    expect(sliderSteps(null)).toBe(0);
  });

  it("keeps every point (even one without a readable time) over the full range, and filters a narrowed one", () => {
    const bounds = timeBounds(points);
    const steps = sliderSteps(bounds);
    expect(pointsInRange(points, { from: 0, to: steps }, bounds, steps)).toBe(points);
    // The first half: 10:00 to 11:00, both included.
    expect(pointsInRange(points, { from: 0, to: steps / 2 }, bounds, steps)).toEqual([points[0], points[1]]);
    expect(pointsInRange(points, { from: steps, to: steps }, bounds, steps)).toEqual([points[2]]);
  });
});

describe("popupFields", () => {
  it("lists the spec's fields in order with the time formatted", () => {
    const result = mapResult();
    expect(popupFields(result)).toEqual([
      { label: "Plate", value: "ABC1234" },
      { label: "State", value: "CT" },
      { label: "Make", value: "Toyota" },
      { label: "Color", value: "Blue" },
      { label: "Body", value: "Sedan" },
      { label: "Agency", value: "Hartford PD" },
      { label: "Camera", value: "Main St NB" },
      { label: "Time", value: formatTimestamp(result.timestamp) },
    ]);
  });

  it("shows N/A for missing, empty or blank fields", () => {
    const fields = popupFields(
      mapResult({
        plate: "  ",
        plate_state: null,
        make: undefined,
        color: "",
        body_type: null,
        agency: null,
        camera_name: " ",
        timestamp: "not a date",
      }),
    );
    expect(fields.map((field) => field.value)).toEqual(Array(8).fill("N/A"));
  });
});

describe("the count texts", () => {
  it("says how many are on the map and how many have no location", () => {
    expect(shownOnMapText(1234, 5000)).toBe("Showing 1,234 of 5,000 on the map");
    expect(withoutLocationText(0)).toBe("");
    expect(withoutLocationText(1)).toBe("1 result has no location and is not on the map.");
    expect(withoutLocationText(12)).toBe("12 results have no location and are not on the map.");
  });
});
