/**
 * Distances and places on the Earth, one copy for everything that measures them: the API (an
 * investigation's area around reads), the contract (an area's size) and the simulators (their reverse
 * geocoder). A sphere of the Earth's mean radius: close enough for areas of a few kilometres.
 */

/** The Earth's mean radius (IUGG), in metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

export const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** How many degrees of latitude a distance on the ground spans (a circle's reach north and south). */
export const degreesOfLatitude = (metres: number) => (metres / EARTH_RADIUS_M) * (180 / Math.PI);

/** Great-circle distance in metres between two points (haversine). */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A GeoJSON position: longitude, then latitude. */
export type LonLat = readonly [lon: number, lat: number];

/** Ray casting: whether the point lies inside the ring (its corners as GeoJSON positions, closed or not). */
export function insideRing(lat: number, lon: number, ring: readonly LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
