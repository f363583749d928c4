/**
 * Web Mercator (EPSG:3857) as slippy-map tiles use it: at zoom z the world is 256·2^z pixels square,
 * x grows eastwards from longitude -180, y southwards from latitude +85.0511.
 */
import { EARTH_RADIUS_M, toRadians } from "@odin/contract";
import type { LatLon } from "./geography";

export const TILE_SIZE = 256;
/** The highest zoom the simulator draws (Leaflet's default maxZoom and DEFAULT_MAP_SETTINGS'). */
export const MAX_TILE_ZOOM = 19;

export type Point = readonly [x: number, y: number];

const worldSize = (z: number) => TILE_SIZE * 2 ** z;

/** Global pixel coordinates of a point at zoom z. */
export function project([lat, lon]: LatLon, z: number): Point {
  const size = worldSize(z);
  const sin = Math.sin((lat * Math.PI) / 180);
  const x = ((lon + 180) / 360) * size;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  return [x, y];
}

/** The latitude and longitude of global pixel coordinates at zoom z. */
export function unproject([x, y]: Point, z: number): LatLon {
  const size = worldSize(z);
  const lon = (x / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return [lat, lon];
}

export interface TileBounds {
  north: number;
  south: number;
  west: number;
  east: number;
}

/** What a tile covers. */
export function tileBounds(z: number, x: number, y: number): TileBounds {
  const [north, west] = unproject([x * TILE_SIZE, y * TILE_SIZE], z);
  const [south, east] = unproject([(x + 1) * TILE_SIZE, (y + 1) * TILE_SIZE], z);
  return { north, south, west, east };
}

/** True for a tile that exists: integer zoom 0..MAX_TILE_ZOOM and x, y within 0..2^z-1. */
export function isValidTile(z: number, x: number, y: number): boolean {
  if (![z, x, y].every(Number.isInteger) || z < 0 || z > MAX_TILE_ZOOM) return false;
  const count = 2 ** z;
  return x >= 0 && x < count && y >= 0 && y < count;
}

/**
 * Sutherland–Hodgman: the part of a polygon inside the square [min, max]², so that the SVG never
 * carries huge coordinates (at zoom 19 Connecticut is hundreds of thousands of pixels wide).
 */
export function clipPolygon(points: readonly Point[], min: number, max: number): Point[] {
  type Edge = { inside: (p: Point) => boolean; cut: (a: Point, b: Point) => Point };
  const at = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const edges: Edge[] = [
    { inside: (p) => p[0] >= min, cut: (a, b) => at(a, b, (min - a[0]) / (b[0] - a[0])) },
    { inside: (p) => p[0] <= max, cut: (a, b) => at(a, b, (max - a[0]) / (b[0] - a[0])) },
    { inside: (p) => p[1] >= min, cut: (a, b) => at(a, b, (min - a[1]) / (b[1] - a[1])) },
    { inside: (p) => p[1] <= max, cut: (a, b) => at(a, b, (max - a[1]) / (b[1] - a[1])) },
  ];
  let output: Point[] = [...points];
  for (const edge of edges) {
    const input = output;
    output = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) output.push(edge.cut(previous, current));
        output.push(current);
      } else if (edge.inside(previous)) {
        output.push(edge.cut(previous, current));
      }
    }
    if (output.length === 0) break;
  }
  return output;
}

/**
 * The runs of a polyline whose segments touch the square [min, max]² (segments are kept whole: with
 * the margin the caller gives, their far ends stay within a few tiles).
 */
export function clipPolyline(points: readonly Point[], min: number, max: number): Point[][] {
  const runs: Point[][] = [];
  let run: Point[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const touches =
      Math.max(a[0], b[0]) >= min &&
      Math.min(a[0], b[0]) <= max &&
      Math.max(a[1], b[1]) >= min &&
      Math.min(a[1], b[1]) <= max;
    if (touches) {
      if (run.length === 0) run.push(a);
      run.push(b);
    } else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Distance in metres from a point to a polyline (flat-earth approximation, fine over a few km). */
export function distanceToPolylineMeters(point: LatLon, path: readonly LatLon[]): number {
  const ky = toRadians(1) * EARTH_RADIUS_M;
  const kx = Math.cos(toRadians(point[0])) * ky;
  const toXY = ([lat, lon]: LatLon): Point => [(lon - point[1]) * kx, (lat - point[0]) * ky];
  let best = Infinity;
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = toXY(path[i - 1]!);
    const [bx, by] = toXY(path[i]!);
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}
