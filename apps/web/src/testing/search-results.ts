import type { TSearchResult, TSourceStatus } from "@odin/contract";

/** A search result for the map's tests: a Rekor read in Hartford with every field the popup shows. */
export function mapResult(overrides: Partial<TSearchResult> = {}): TSearchResult {
  return {
    id: "r-1",
    plate: "ABC1234",
    plate_state: "CT",
    make: "Toyota",
    color: "Blue",
    body_type: "Sedan",
    agency: "Hartford PD",
    camera_name: "Main St NB",
    timestamp: "2025-03-01T15:00:00.000Z",
    latitude: 41.7658,
    longitude: -72.6734,
    source_program: "Rekor",
    vehicle_image_src: null,
    plate_image_src: null,
    ...overrides,
  };
}

/** How one source fared (x-odin-sources): ok, `count` results, 100 ms, and what `more` changes. */
export const sourceStatus = (
  source: TSourceStatus["source"],
  count: number,
  more: Partial<TSourceStatus> = {},
): TSourceStatus => ({ source, status: "ok", count, elapsed_ms: 100, ...more });
