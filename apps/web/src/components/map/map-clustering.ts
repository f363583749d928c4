/**
 * Grid clustering in screen space, without a dependency: points are projected once to Web Mercator
 * "world" coordinates (0..1 on both axes, the projection Leaflet's default CRS uses), and at zoom z a
 * world coordinate times 256·2^z is the pixel position Leaflet draws it at. Points falling into the same
 * square cell of `cellSize` pixels form one cluster. Cells are anchored to the world, not to the view,
 * so panning seldom reshuffles clusters; only points inside `view` are considered, so the work per map
 * move is one pass over the points with a hash lookup each, then one over the occupied cells (5,000
 * points: a few milliseconds at most).
 */

const TILE_SIZE = 256;
/** Web Mercator stops at about ±85.05°; sin(lat) is clamped just inside ±1 so the poles stay finite. */
const MAX_SIN = 0.9999;

/** A position in Web Mercator world coordinates: x from west (0) to east (1), y from north (0) to south (1). */
export interface WorldPoint {
  x: number;
  y: number;
}

/** What clustering needs from a point: its world position and its latitude/longitude (for centroids). */
export interface ClusterablePoint extends WorldPoint {
  lat: number;
  lng: number;
}

/** A rectangle in world coordinates (minX west, minY north). */
export interface WorldRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface LatLngBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export type MapCluster<T> =
  | { kind: "point"; key: string; point: T }
  | {
      kind: "cluster";
      /** Stable for a cell at one zoom: `c{zoom}:{column}:{row}`. */
      key: string;
      members: T[];
      /** The members' mean position, where the cluster is drawn. */
      lat: number;
      lng: number;
      /** The members' bounding box, to zoom in on them. */
      bounds: LatLngBox;
    };

export interface ClusterOptions<T> {
  /** The map's zoom (may be fractional). */
  zoom: number;
  /** The cell's side in screen pixels. */
  cellSize: number;
  /** Only points inside this rectangle are clustered and returned; all points when absent. */
  view?: WorldRect;
  /** A point's key when it stays alone; its index in `points` by default. */
  pointKey?: (point: T, index: number) => string;
  /** Neighbouring groups closer than this (pixels, centre to centre) are merged; 3/4 of a cell by default. */
  mergeDistance?: number;
}

export function projectToWorld(lat: number, lng: number): WorldPoint {
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -MAX_SIN), MAX_SIN);
  return {
    x: (lng + 180) / 360,
    y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI),
  };
}

/** The world rectangle of a latitude/longitude box. */
export function worldRect(box: LatLngBox): WorldRect {
  const northWest = projectToWorld(box.north, box.west);
  const southEast = projectToWorld(box.south, box.east);
  return { minX: northWest.x, minY: northWest.y, maxX: southEast.x, maxY: southEast.y };
}

/** The width of the world in pixels at a zoom. */
export function worldSizePx(zoom: number): number {
  return TILE_SIZE * Math.pow(2, zoom);
}

interface Bucket<T> {
  column: number;
  row: number;
  members: T[];
  /** The first member's index in the input (a lone point's default key). */
  firstIndex: number;
  sumX: number;
  sumY: number;
  sumLat: number;
  sumLng: number;
  south: number;
  west: number;
  north: number;
  east: number;
  /** Merged into a neighbour (skipped) / already looked at its neighbours. */
  absorbed: boolean;
  done: boolean;
}

function newBucket<T extends ClusterablePoint>(
  point: T,
  index: number,
  column: number,
  row: number,
): Bucket<T> {
  return {
    column,
    row,
    members: [point],
    firstIndex: index,
    sumX: point.x,
    sumY: point.y,
    sumLat: point.lat,
    sumLng: point.lng,
    south: point.lat,
    north: point.lat,
    west: point.lng,
    east: point.lng,
    absorbed: false,
    done: false,
  };
}

function absorb<T>(into: Bucket<T>, other: Bucket<T>): void {
  for (const member of other.members) into.members.push(member);
  into.sumX += other.sumX;
  into.sumY += other.sumY;
  into.sumLat += other.sumLat;
  into.sumLng += other.sumLng;
  if (other.south < into.south) into.south = other.south;
  if (other.north > into.north) into.north = other.north;
  if (other.west < into.west) into.west = other.west;
  if (other.east > into.east) into.east = other.east;
  other.absorbed = true;
}

/**
 * Groups the points (inside `view`) by grid cell at `zoom`, then lets each group, largest first, take in
 * the neighbouring cells' groups whose centre is closer than `mergeDistance` pixels to its own (two
 * points either side of a cell edge must not draw two overlapping markers). A group of one gives a
 * `point`, a larger one a `cluster` with its members, centroid and bounds. Every point in view appears
 * in exactly one entry; each entry's members come from its own cell and the 8 around it.
 */
export function clusterPoints<T extends ClusterablePoint>(
  points: readonly T[],
  { zoom, cellSize, view, pointKey, mergeDistance = cellSize * 0.75 }: ClusterOptions<T>,
): MapCluster<T>[] {
  const worldPx = worldSizePx(zoom);
  const cellsPerSide = worldPx / cellSize;
  const rowStride = Math.ceil(cellsPerSide) + 3;
  const cellId = (column: number, row: number) => (row + 1) * rowStride + column + 1;
  const buckets = new Map<number, Bucket<T>>();

  for (let index = 0; index < points.length; index++) {
    const point = points[index]!;
    const { x, y } = point;
    if (view && (x < view.minX || x > view.maxX || y < view.minY || y > view.maxY)) continue;
    const column = Math.floor(x * cellsPerSide);
    const row = Math.floor(y * cellsPerSide);
    const id = cellId(column, row);
    const bucket = buckets.get(id);
    if (!bucket) {
      buckets.set(id, newBucket(point, index, column, row));
      continue;
    }
    bucket.members.push(point);
    bucket.sumX += x;
    bucket.sumY += y;
    bucket.sumLat += point.lat;
    bucket.sumLng += point.lng;
    if (point.lat < bucket.south) bucket.south = point.lat;
    if (point.lat > bucket.north) bucket.north = point.lat;
    if (point.lng < bucket.west) bucket.west = point.lng;
    if (point.lng > bucket.east) bucket.east = point.lng;
  }

  const ordered = [...buckets.values()].sort((a, b) => b.members.length - a.members.length);
  const maxDistance = mergeDistance / worldPx; // in world units
  const maxDistanceSquared = maxDistance * maxDistance;
  for (const bucket of ordered) {
    if (bucket.absorbed) continue;
    bucket.done = true;
    for (let dRow = -1; dRow <= 1; dRow++) {
      for (let dColumn = -1; dColumn <= 1; dColumn++) {
        if (dRow === 0 && dColumn === 0) continue;
        const neighbour = buckets.get(cellId(bucket.column + dColumn, bucket.row + dRow));
        if (!neighbour || neighbour.absorbed || neighbour.done) continue;
        const count = bucket.members.length;
        const otherCount = neighbour.members.length;
        const dx = bucket.sumX / count - neighbour.sumX / otherCount;
        const dy = bucket.sumY / count - neighbour.sumY / otherCount;
        if (dx * dx + dy * dy < maxDistanceSquared) absorb(bucket, neighbour);
      }
    }
  }

  const zoomKey = Math.round(zoom * 100) / 100;
  const clusters: MapCluster<T>[] = [];
  for (const bucket of ordered) {
    if (bucket.absorbed) continue;
    if (bucket.members.length === 1) {
      const point = bucket.members[0]!;
      const index = bucket.firstIndex;
      clusters.push({ kind: "point", key: pointKey ? pointKey(point, index) : `p${index}`, point });
      continue;
    }
    const count = bucket.members.length;
    clusters.push({
      kind: "cluster",
      key: `c${zoomKey}:${bucket.column}:${bucket.row}`,
      members: bucket.members,
      lat: bucket.sumLat / count,
      lng: bucket.sumLng / count,
      bounds: { south: bucket.south, west: bucket.west, north: bucket.north, east: bucket.east },
    });
  }
  return clusters;
}

/** Whether a box is a single spot (every member at the same coordinates): zooming cannot split it. */
export function isSinglePosition(box: LatLngBox): boolean {
  return box.south === box.north && box.west === box.east;
}
