import {
  degreesOfLatitude,
  distanceMeters,
  insideRing,
  toRadians,
  type SourceProgram,
  type TSearchArea,
  type TSearchResult,
} from "@odin/contract";

/**
 * Where an investigation looks (issue 22): an area drawn on the map, cameras picked from the list
 * ("{program}:{camera}" refs, see GET /search/cameras) and, for travelling-with, cameras by the name a
 * read carries. A read is at the place when it matches any of them.
 */
export interface SourcePlace {
  area?: TSearchArea | undefined;
  cameras?: readonly string[] | undefined;
  cameraNames?: readonly string[] | undefined;
}

/** Whether a point is in the area: within the circle's radius, or inside the polygon's outer ring. */
export function insideArea(
  area: TSearchArea,
  lat: number | null | undefined,
  lon: number | null | undefined,
) {
  if (lat == null || lon == null) return false;
  if (area.type === "Point") {
    const [centerLon, centerLat] = area.coordinates;
    return distanceMeters(centerLat, centerLon, lat, lon) <= area.radius_m;
  }
  return insideRing(lat, lon, area.coordinates[0]!);
}

/** The area's bounding box: what an index or a bounding-box condition can narrow before the exact test. */
export function areaBounds(area: TSearchArea) {
  if (area.type === "Point") {
    const [lon, lat] = area.coordinates;
    const dLat = degreesOfLatitude(area.radius_m);
    const dLon = dLat / Math.max(0.01, Math.cos(toRadians(lat)));
    return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
  }
  const ring = area.coordinates[0]!;
  const lats = ring.map(([, lat]) => lat);
  const lons = ring.map(([lon]) => lon);
  return {
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
    minLon: Math.min(...lons),
    maxLon: Math.max(...lons),
  };
}

/** The cameras of one program among a place's refs ("Axis:hfd-lpv-01" gives "hfd-lpv-01"). */
export function camerasOf(place: SourcePlace | undefined, program: SourceProgram): string[] {
  const prefix = `${program}:`;
  return (place?.cameras ?? [])
    .filter((ref) => ref.startsWith(prefix))
    .map((ref) => ref.slice(prefix.length));
}

export const cameraRef = (program: SourceProgram, camera: string) => `${program}:${camera}`;

/** Whether a read (already mapped) is at the place: inside the area, or at one of the named cameras. */
export function readAtPlace(place: SourcePlace | undefined, result: TSearchResult): boolean {
  if (!place) return true;
  if (place.area && insideArea(place.area, result.latitude, result.longitude)) return true;
  if (result.camera_name && place.cameraNames?.includes(result.camera_name)) return true;
  return !!result.camera_name && camerasOf(place, result.source_program).includes(result.camera_name);
}
