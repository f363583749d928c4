/**
 * Nominatim's reverse geocoding (`/reverse?format=jsonv2`), simulated for Connecticut: the nearest town
 * gives the city or town, the nearest demo camera's street (or a major road, or a street name chosen per
 * ~300 m cell) gives the road, and the house number follows from the coordinates, so a point always
 * gets the same made-up address. Outside Connecticut the answer is Nominatim's own
 * `{ "error": "Unable to geocode" }`.
 */
import { distanceMeters, insideRing, type LonLat } from "@odin/contract";
import { AXIS_CAMERAS, REKOR_CAMERAS } from "../data/cameras";
import { hashSeed } from "../data/prng";
import { CONNECTICUT_OUTLINE, ROADS, STREET_NAMES, TOWNS, type LatLon, type Town } from "./geography";
import { distanceToPolylineMeters } from "./mercator";

export interface NominatimAddress {
  house_number?: string;
  road?: string;
  city?: string;
  town?: string;
  county?: string;
  state?: string;
  "ISO3166-2-lvl4"?: string;
  postcode?: string;
  country: string;
  country_code: string;
}

/** The jsonv2 answer (Nominatim sends lat, lon and the bounding box as strings). */
export interface NominatimPlace {
  place_id: number;
  licence: string;
  osm_type: "way" | "relation";
  osm_id: number;
  lat: string;
  lon: string;
  category: string;
  type: string;
  place_rank: number;
  importance: number;
  addresstype: string;
  name: string;
  display_name: string;
  address?: NominatimAddress;
  boundingbox: [string, string, string, string];
}

export const UNABLE_TO_GEOCODE = { error: "Unable to geocode" } as const;

export type ReverseAnswer = NominatimPlace | typeof UNABLE_TO_GEOCODE;

export interface ReverseOptions {
  /** Nominatim's detail level, 0 (country) to 18 (building); default 18. */
  zoom?: number;
  /** Include `address` (Nominatim's default for reverse: yes). */
  addressdetails?: boolean;
}

const LICENCE = "Simulated by Odin's maps simulator (made-up addresses in Nominatim's shape)";

const ABBREVIATIONS: Record<string, string> = {
  St: "Street",
  Ave: "Avenue",
  Dr: "Drive",
  Rd: "Road",
  Blvd: "Boulevard",
  Pkwy: "Parkway",
  Tpke: "Turnpike",
};

/** Streets the demo cameras watch, from their labels ("Main St at Pratt St" → Main Street). */
const CAMERA_STREETS: readonly { at: LatLon; road: string }[] = [...REKOR_CAMERAS, ...AXIS_CAMERAS].flatMap(
  (camera) => {
    const road = roadOfLabel(camera.name);
    return road ? [{ at: [camera.latitude, camera.longitude] as LatLon, road }] : [];
  },
);

/** A camera's street counts within this distance; a major road within the next. */
const CAMERA_STREET_METERS = 600;
const MAJOR_ROAD_METERS = 150;

/** The state's outline as GeoJSON corners ([lon, lat]), as the shared point-in-polygon test takes them. */
const CONNECTICUT_RING: readonly LonLat[] = CONNECTICUT_OUTLINE.map(([lat, lon]) => [lon, lat] as const);

export function reverseGeocode(lat: number, lon: number, options: ReverseOptions = {}): ReverseAnswer {
  const point: LatLon = [lat, lon];
  if (!insideRing(lat, lon, CONNECTICUT_RING)) return UNABLE_TO_GEOCODE;
  const zoom = Math.max(0, Math.min(18, Math.round(options.zoom ?? 18)));
  const town = nearestTown(point);
  const road = roadAt(point);
  const isHighway = road.startsWith("Interstate ");

  // In Nominatim's order: from the house up to the country.
  const address: Omit<NominatimAddress, "country" | "country_code"> = {};
  if (zoom >= 18 && !isHighway) address.house_number = String(houseNumber(point));
  if (zoom >= 16) address.road = road;
  if (zoom >= 10) address[town.kind] = town.name;
  if (zoom >= 8) address.county = town.county;
  if (zoom >= 5) {
    address.state = "Connecticut";
    address["ISO3166-2-lvl4"] = "US-CT";
  }
  if (zoom >= 10) address.postcode = town.postcode;
  const full: NominatimAddress = { ...address, country: "United States", country_code: "us" };

  const detail =
    zoom >= 16 && isHighway
      ? { category: "highway", type: "motorway", place_rank: 26, addresstype: "road", name: road }
      : zoom >= 18
        ? { category: "building", type: "house", place_rank: 30, addresstype: "building", name: "" }
        : zoom >= 16
          ? { category: "highway", type: "residential", place_rank: 26, addresstype: "road", name: road }
          : zoom >= 10
            ? { category: "place", type: town.kind, place_rank: 16, addresstype: town.kind, name: town.name }
            : {
                category: "boundary",
                type: "administrative",
                place_rank: 8,
                addresstype: "state",
                name: "Connecticut",
              };
  const displayParts = [
    address.house_number,
    address.road,
    address.city ?? address.town,
    address.county,
    address.state,
    address.postcode,
    full.country,
  ].filter((part): part is string => Boolean(part));
  const span = zoom >= 16 ? 0.0002 : zoom >= 10 ? 0.05 : 1;
  return {
    place_id: 100_000_000 + (hashSeed("place", lat.toFixed(5), lon.toFixed(5), zoom) % 300_000_000),
    licence: LICENCE,
    osm_type: zoom >= 10 ? "way" : "relation",
    osm_id: 10_000_000 + (hashSeed("osm", lat.toFixed(5), lon.toFixed(5), zoom) % 900_000_000),
    lat: lat.toFixed(7),
    lon: lon.toFixed(7),
    ...detail,
    importance: zoom >= 16 ? 0.00000999 : 0.4,
    display_name: displayParts.join(", "),
    ...(options.addressdetails === false ? {} : { address: full }),
    boundingbox: [
      (lat - span).toFixed(7),
      (lat + span).toFixed(7),
      (lon - span).toFixed(7),
      (lon + span).toFixed(7),
    ],
  };
}

function nearestTown(point: LatLon): Town {
  let best = TOWNS[0]!;
  let bestDistance = Infinity;
  for (const town of TOWNS) {
    const distance = distanceMeters(point[0], point[1], town.lat, town.lon);
    if (distance < bestDistance) {
      best = town;
      bestDistance = distance;
    }
  }
  return best;
}

function roadAt(point: LatLon): string {
  let camera: { road: string; distance: number } | undefined;
  for (const street of CAMERA_STREETS) {
    const distance = distanceMeters(point[0], point[1], street.at[0], street.at[1]);
    if (distance <= CAMERA_STREET_METERS && (!camera || distance < camera.distance))
      camera = { road: street.road, distance };
  }
  if (camera) return camera.road;
  let major: { road: string; distance: number } | undefined;
  for (const road of ROADS) {
    const distance = distanceToPolylineMeters(point, road.path);
    if (distance <= MAJOR_ROAD_METERS && (!major || distance < major.distance))
      major = { road: road.name, distance };
  }
  if (major) return major.road;
  const cell = hashSeed("street", Math.floor(point[0] / 0.003), Math.floor(point[1] / 0.004));
  return STREET_NAMES[cell % STREET_NAMES.length]!;
}

/** Changes by a few every ~10 m, so neighbouring points get neighbouring numbers. */
function houseNumber([lat, lon]: LatLon): number {
  const value = Math.floor(lat * 10_000) * 7 + Math.floor(Math.abs(lon) * 10_000) * 13;
  return 10 + (value % 1990);
}

/** "Albany Ave at Woodland St" → "Albany Avenue"; "I-91 NB at Wethersfield" → "Interstate 91". */
export function roadOfLabel(label: string): string | undefined {
  const street = label
    .split(/\s+at\s+/i)[0]!
    .replace(/\s+(?:NB|SB|EB|WB)$/i, "")
    .trim();
  if (!street || /\bunit\b|\(/i.test(street)) return undefined;
  const interstate = /^I-(\d+)$/i.exec(street);
  if (interstate) return `Interstate ${interstate[1]}`;
  return street
    .split(" ")
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(" ");
}
