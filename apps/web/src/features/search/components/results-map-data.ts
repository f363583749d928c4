import type { TSearchResult } from "@odin/contract";
import type { LatLngTuple } from "leaflet";
import { projectToWorld, type ClusterablePoint } from "@/components/map/map-clustering";
import { hasValidCoordinates } from "@/lib/coordinates";
import { vehicleLabel } from "@/lib/vehicle-labels";
import { formatTimestamp, orNotAvailable } from "@/lib/format";

/** A result that can be put on the map, with what the map needs precomputed once per result list. */
export interface ResultMapPoint extends ClusterablePoint {
  result: TSearchResult;
  /** Its position in the results list (a stable marker key: ids are only unique per source). */
  index: number;
  /** Its timestamp in ms since the epoch; NaN when it cannot be read. */
  time: number;
  /** [lat, lng], one array per point so markers are not moved on every render. */
  position: LatLngTuple;
}

export interface MapPoints {
  points: ResultMapPoint[];
  /** Results left off the map because their coordinates are missing or invalid (000 §5). */
  withoutLocation: number;
}

/** The results with valid coordinates (hasValidCoordinates), projected for clustering. */
export function toMapPoints(results: readonly TSearchResult[]): MapPoints {
  const points: ResultMapPoint[] = [];
  results.forEach((result, index) => {
    const { latitude: lat, longitude: lng } = result;
    if (typeof lat !== "number" || typeof lng !== "number" || !hasValidCoordinates(lat, lng)) return;
    const world = projectToWorld(lat, lng);
    points.push({
      result,
      index,
      lat,
      lng,
      x: world.x,
      y: world.y,
      time: Date.parse(result.timestamp),
      position: [lat, lng],
    });
  });
  return { points, withoutLocation: results.length - points.length };
}

/** The oldest and newest timestamps (ms); null when no point has a readable one. */
export interface TimeBounds {
  oldest: number;
  newest: number;
}

export function timeBounds(points: readonly { time: number }[]): TimeBounds | null {
  let oldest = Infinity;
  let newest = -Infinity;
  for (const { time } of points) {
    if (Number.isNaN(time)) continue;
    if (time < oldest) oldest = time;
    if (time > newest) newest = time;
  }
  return oldest === Infinity ? null : { oldest, newest };
}

/** The points whose time is within [from, to], both ends included. */
export function filterByTime<T extends { time: number }>(
  points: readonly T[],
  from: number,
  to: number,
): T[] {
  return points.filter((point) => point.time >= from && point.time <= to);
}

/**
 * The slider works in positions 0..steps spread evenly over [oldest, newest]: at most SLIDER_MAX_STEPS
 * (so an arrow key moves a visible amount over a 90-day search) and no finer than a second. Position 0 is
 * exactly the oldest timestamp and position `steps` exactly the newest, so the full range shows everything.
 */
export const SLIDER_MAX_STEPS = 1000;
const SLIDER_MIN_STEP_MS = 1000;

export function sliderSteps(bounds: TimeBounds | null): number {
  if (!bounds) return 0;
  const span = bounds.newest - bounds.oldest;
  if (span <= 0) return 0;
  return Math.min(SLIDER_MAX_STEPS, Math.max(1, Math.ceil(span / SLIDER_MIN_STEP_MS)));
}

/** The time (ms) at a slider position. */
export function sliderTime(position: number, bounds: TimeBounds, steps: number): number {
  if (steps <= 0 || position <= 0) return bounds.oldest;
  if (position >= steps) return bounds.newest;
  return bounds.oldest + Math.round(((bounds.newest - bounds.oldest) * position) / steps);
}

/** The slider's selection, as positions (from ≤ to). */
export interface SliderRange {
  from: number;
  to: number;
}

/**
 * The points inside the slider's range. The full range keeps every point, including any whose
 * timestamp cannot be read; a narrowed range keeps the points inside it (ends included).
 */
export function pointsInRange<T extends { time: number }>(
  points: readonly T[],
  range: SliderRange,
  bounds: TimeBounds | null,
  steps: number,
): readonly T[] {
  if (!bounds || (range.from <= 0 && range.to >= steps)) return points;
  return filterByTime(points, sliderTime(range.from, bounds, steps), sliderTime(range.to, bounds, steps));
}

/** A time in ms as the results show timestamps (MM/DD/YYYY HH:MM:SS zone). */
export function formatTime(ms: number): string {
  return Number.isFinite(ms) ? formatTimestamp(new Date(ms).toISOString()) : formatTimestamp(null);
}

export interface PopupField {
  label: string;
  value: string;
}

const text = (value: string | null | undefined) => orNotAvailable(value?.trim());

/** A marker popup's fields (000 §2), N/A when missing. */
export function popupFields(result: TSearchResult): PopupField[] {
  return [
    { label: "Plate", value: text(result.plate) },
    { label: "State", value: text(result.plate_state) },
    { label: "Make", value: vehicleLabel("make", result.make) },
    { label: "Color", value: vehicleLabel("color", result.color) },
    { label: "Body", value: vehicleLabel("body", result.body_type) },
    { label: "Agency", value: text(result.agency) },
    { label: "Camera", value: text(result.camera_name) },
    { label: "Time", value: formatTimestamp(result.timestamp) },
  ];
}

const count = (n: number) => n.toLocaleString("en-US");

/** "Showing N of M on the map" (M: the results with a location). */
export function shownOnMapText(shown: number, total: number): string {
  return `Showing ${count(shown)} of ${count(total)} on the map`;
}

/** How many results cannot be placed; empty when all can. */
export function withoutLocationText(withoutLocation: number): string {
  if (withoutLocation <= 0) return "";
  return withoutLocation === 1
    ? "1 result has no location and is not on the map."
    : `${count(withoutLocation)} results have no location and are not on the map.`;
}

export const NO_LOCATION_MESSAGE = "None of these results has a location to show on the map.";
