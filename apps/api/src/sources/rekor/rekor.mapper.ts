import { BODY_TYPES, VEHICLE_COLORS, VEHICLE_MAKES, type TSearchResult } from "@odin/contract";
import type { SourceQuery } from "../detection-source";
import { plateMatches } from "../plate-pattern";
import { titleCase } from "../vehicle-vocabulary";
import type { TRekorSearchRow } from "./rekor.payload";

/** What the mapper needs besides the row: the key it came through, its camera row, the sealed handle. */
export interface RekorMapContext {
  key: { id: number; agencyName: string };
  /** Odin's rekor_cameras row for the row's camera_id, when Odin knows the camera. */
  camera:
    | {
        cameraName: string | null;
        latitude: number | null;
        longitude: number | null;
        correctedLatitude: number | null;
        correctedLongitude: number | null;
      }
    | undefined;
  /** The opaque image handle standing for the key (image-handle.ts); never the key itself. */
  handle: string;
}

const slug = (text: string) => text.toLowerCase().replace(/[\s/]+/g, "-");

const COLORS = new Map<string, string>(VEHICLE_COLORS.map(({ name }) => [slug(name), name]));
const MAKES = new Map<string, string>(VEHICLE_MAKES.map((make) => [slug(make), make]));
/** OpenALPR splits SUVs in two and spells motorcycle in lower case; the rest are the contract's values. */
const BODY_TYPE_VALUES = new Map<string, string>([
  ...BODY_TYPES.map(({ value }) => [value.toLowerCase(), value] as const),
  ["suv-standard", "SUV"],
  ["suv-crossover", "SUV"],
]);

const blank = (value: string | null | undefined): value is null | undefined | "" => !value?.trim();

/** "silver-gray" → "Silver/Gray"; an unknown colour is title-cased ("blue-green" → "Blue/Green"). */
export function toContractColor(value: string | null | undefined): string | null {
  if (blank(value)) return null;
  const key = value.trim().toLowerCase();
  return COLORS.get(key) ?? titleCase(key.replace(/-/g, "/"));
}

/** "land-rover" → "Land Rover"; an unknown make is title-cased ("alfa-romeo" → "Alfa Romeo"). */
export function toContractMake(value: string | null | undefined): string | null {
  if (blank(value)) return null;
  const key = value.trim().toLowerCase();
  return MAKES.get(key) ?? titleCase(key.replace(/[-_]/g, " "));
}

/** "suv-crossover" → "SUV", "motorcycle" → "Motorcycle"; an unknown type is title-cased. */
export function toContractBodyType(value: string | null | undefined): string | null {
  if (blank(value)) return null;
  const key = value.trim().toLowerCase();
  return BODY_TYPE_VALUES.get(key) ?? titleCase(key);
}

/** "us-ct" → "CT"; other countries' regions have no US state. */
export function toPlateState(region: string | null | undefined): string | null {
  const state = /^us-([a-z]{2})$/i.exec(region?.trim() ?? "")?.[1];
  return state ? state.toUpperCase() : null;
}

/**
 * Where the camera is: a hand correction wins over what the camera reports (cameras with bad GPS are
 * why the correction exists); null when Odin does not know the camera.
 */
function cameraPosition(camera: RekorMapContext["camera"]): {
  latitude: number | null;
  longitude: number | null;
} {
  if (!camera) return { latitude: null, longitude: null };
  if (camera.correctedLatitude !== null && camera.correctedLongitude !== null)
    return { latitude: camera.correctedLatitude, longitude: camera.correctedLongitude };
  return { latitude: camera.latitude, longitude: camera.longitude };
}

/** One Rekor search row as the contract's search result. The vendor key never enters it. */
export function mapRekorRow(row: TRekorSearchRow, { key, camera, handle }: RekorMapContext): TSearchResult {
  const f = row.fields;
  const cameraId = f.camera_id ?? null;
  const image = new URLSearchParams({ agent_uid: f.agent_uid, image_uuid: f.best_uuid, api_key: handle });
  return {
    id: `rekor-${key.id}-${row.pk}`,
    image_uuid: f.best_uuid,
    plate: f.best_plate,
    plate_state: toPlateState(f.region),
    make: toContractMake(f.vehicle_make),
    color: toContractColor(f.vehicle_color),
    body_type: toContractBodyType(f.vehicle_body_type),
    agency: key.agencyName,
    camera_name: camera?.cameraName ?? (cameraId === null ? null : `Camera ${cameraId}`),
    timestamp: f.epoch_time_start.toISOString(),
    ...cameraPosition(camera),
    source_program: "Rekor",
    agent_uid: f.agent_uid,
    api_key: handle,
    rekor_api_key: handle,
    image_path: null,
    plate_image_url: null,
    base_url: null,
    axis_path: null,
    axis_plate_path: null,
    plate_x1: f.plate_x1 ?? null,
    plate_x2: f.plate_x2 ?? null,
    plate_x3: f.plate_x3 ?? null,
    plate_x4: f.plate_x4 ?? null,
    plate_y1: f.plate_y1 ?? null,
    plate_y2: f.plate_y2 ?? null,
    plate_y3: f.plate_y3 ?? null,
    plate_y4: f.plate_y4 ?? null,
    vehicle_image_src: `/proxy-rekor-image?${image.toString()}`,
    // Rekor has no plate crop: the web app crops the vehicle image with the corners.
    plate_image_src: null,
  };
}

const sameText = (wanted: string | undefined, actual: string | null | undefined) =>
  !wanted || (actual ?? "").toLowerCase() === wanted.trim().toLowerCase();

/**
 * What the Rekor API cannot filter (state, vehicle), and the plate rule again because a real server
 * may ignore the wildcards Odin sends, checked on the mapped result, i.e. in the contract's vocabulary.
 * The time range is checked too, in case a server reads the range differently.
 */
export function matchesRekorQuery(result: TSearchResult, query: SourceQuery): boolean {
  const time = Date.parse(result.timestamp);
  return (
    time >= query.start.getTime() &&
    time <= query.end.getTime() &&
    plateMatches(query.plate, result.plate) &&
    sameText(query.plateState, result.plate_state) &&
    sameText(query.color, result.color) &&
    sameText(query.make, result.make) &&
    sameText(query.bodyType, result.body_type)
  );
}
