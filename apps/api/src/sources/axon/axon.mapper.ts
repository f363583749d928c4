import { BODY_TYPES, VEHICLE_COLORS, type TSearchResult } from "@odin/contract";
import { COLOR_WORDS } from "../vehicle-vocabulary";
import type { SourceQuery } from "../detection-source";
import { plateMatches } from "../plate-pattern";
import type { TAxonRead } from "./axon.payload";

/** What a read needs from the integration it came from. */
export interface AxonMapContext {
  agencyName: string;
  /** As stored (and sent back by the search form); the proxies compare it ignoring a trailing slash. */
  baseUrl: string;
}

const BODY_TYPE_VALUES: Readonly<Record<string, string>> = {
  sedan: "sedan-standard",
  convertible: "sedan-convertible",
  wagon: "sedan-wagon",
  coupe: "sedan-sports",
  hatchback: "sedan-compact",
  suv: "SUV",
  pickup: "truck-standard",
  semi: "tractor-trailer",
  van: "van-full",
  minivan: "van-mini",
  motorcycle: "Motorcycle",
};

/** A word outside the table is kept only when it already is a contract value (a vendor addition). */
function translate(
  value: string | null | undefined,
  table: Readonly<Record<string, string>>,
  known: readonly string[],
) {
  if (!value) return null;
  const key = value.trim().toLowerCase();
  return table[key] ?? known.find((candidate) => candidate.toLowerCase() === key) ?? null;
}

export const toContractColor = (color: string | null | undefined) =>
  translate(
    color,
    COLOR_WORDS,
    VEHICLE_COLORS.map((entry) => entry.name),
  );

export const toContractBodyType = (bodyType: string | null | undefined) =>
  translate(
    bodyType,
    BODY_TYPE_VALUES,
    BODY_TYPES.map((entry) => entry.value),
  );

export const trimTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * An Axon image path (relative to the base URL, as the vendor gives it) as an absolute URL. The path is
 * appended to the base URL, never resolved against its origin, so a base URL with a path keeps it and a
 * path such as `//elsewhere` cannot leave the host. Absolute URLs are returned as they are: the image
 * proxies decide whether they may be fetched. Null when the result is no URL at all.
 */
export function resolveAxonUrl(baseUrl: string, pathOrUrl: string): URL | null {
  try {
    if (/^[a-z][a-z\d+.-]*:/i.test(pathOrUrl)) return new URL(pathOrUrl);
    return new URL(`${trimTrailingSlash(baseUrl)}/${pathOrUrl.replace(/^[/\\]+/, "")}`);
  } catch {
    return null;
  }
}

/** One Axon read as the contract's search result; both images only through Odin's proxies. */
export function mapAxonRead(read: TAxonRead, context: AxonMapContext): TSearchResult {
  const imagePath = read.image_url || null;
  const plateImageUrl = read.plate_image_url
    ? (resolveAxonUrl(context.baseUrl, read.plate_image_url)?.href ?? null)
    : null;
  return {
    id: `axon-${read.read_id}`,
    image_uuid: null,
    plate: read.plate,
    plate_state: read.state ?? null,
    make: read.vehicle?.make ?? null,
    color: toContractColor(read.vehicle?.color),
    body_type: toContractBodyType(read.vehicle?.body_type),
    agency: context.agencyName,
    camera_name: read.camera?.name ?? null,
    timestamp: new Date(read.captured_at).toISOString(),
    latitude: read.location?.lat ?? null,
    longitude: read.location?.lon ?? null,
    source_program: "Axon",
    agent_uid: null,
    api_key: null,
    rekor_api_key: null,
    image_path: imagePath,
    plate_image_url: plateImageUrl,
    base_url: context.baseUrl,
    axis_path: null,
    axis_plate_path: null,
    // Axon gives no plate corners: the plate crop is its own image.
    plate_x1: null,
    plate_x2: null,
    plate_x3: null,
    plate_x4: null,
    plate_y1: null,
    plate_y2: null,
    plate_y3: null,
    plate_y4: null,
    vehicle_image_src: imagePath
      ? `/proxy-axon-image?${new URLSearchParams({ url: imagePath, base_url: context.baseUrl }).toString()}`
      : null,
    plate_image_src: plateImageUrl
      ? `/proxy-axon-plate-image?${new URLSearchParams({ url: plateImageUrl }).toString()}`
      : null,
  };
}

const sameText = (wanted: string | undefined, actual: string | null | undefined) =>
  !wanted || (actual ?? "").toLowerCase() === wanted.trim().toLowerCase();

/**
 * What the reads API cannot filter, checked on the mapped result (so "silver/gray" finds Axon's
 * "Gray"); the plate and state are checked again in case the vendor matches more loosely than Odin.
 */
export function matchesAxonFilters(result: TSearchResult, query: SourceQuery): boolean {
  return (
    plateMatches(query.plate, result.plate) &&
    sameText(query.plateState, result.plate_state) &&
    sameText(query.color, result.color) &&
    sameText(query.make, result.make) &&
    sameText(query.bodyType, result.body_type)
  );
}
