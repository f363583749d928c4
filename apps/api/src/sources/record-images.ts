import { PLATE_CROP_MARGIN, type TSearchResult } from "@odin/contract";
import sharp from "sharp";
import { AppError } from "../lib/app-error";
import { parseStoredImagePath, type ImageStore } from "../storage/image-store";
import { openAxonImage } from "./axon/axon.source";
import type { SourceContext, SourceDeps } from "./detection-source";
import { openRekorImage } from "./rekor/rekor.source";
import { findSearchableAxisIntegrations } from "./search-scope.repository";
import { VendorError, type VendorImage } from "../lib/vendor-http";

/**
 * The pictures of one result, fetched again on the server through the source adapters, with the same
 * access rules as the image proxies: exports never use the copies a browser sends. A picture that
 * cannot be had is named in `missing` ("vehicle image: Image not found."), never thrown.
 */
export interface RecordImageDeps {
  sources: SourceDeps;
  /** Odin's own store of pushed pictures (Axis). */
  images: ImageStore;
  /** Runs picture work (the plate crop), e.g. a few at a time; by default at once. */
  imageWork?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface RecordImages {
  vehicle: VendorImage | null;
  plate: VendorImage | null;
  /** True when the plate picture was cut from the vehicle picture (the source sent none). */
  plateCropped: boolean;
  missing: string[];
}

/** The fields of a result that say where its pictures are. */
export type RecordImageRefs = Pick<
  TSearchResult,
  | "source_program"
  | "agent_uid"
  | "image_uuid"
  | "api_key"
  | "rekor_api_key"
  | "image_path"
  | "base_url"
  | "plate_image_url"
  | "axis_path"
  | "axis_plate_path"
  | "plate_x1"
  | "plate_x2"
  | "plate_x3"
  | "plate_x4"
  | "plate_y1"
  | "plate_y2"
  | "plate_y3"
  | "plate_y4"
>;

type Fetch = () => Promise<VendorImage>;

const NOT_FOUND = "Image not found.";

/**
 * The Axis integrations a scope may search, asked once per scope object: an export calls
 * searchScopeOf once and loads every record's pictures with that one object.
 */
const axisAccess = new WeakMap<SourceContext, Promise<Set<number>>>();

function searchableAxisIntegrations(deps: RecordImageDeps, scope: SourceContext): Promise<Set<number>> {
  let ids = axisAccess.get(scope);
  if (!ids) {
    ids = findSearchableAxisIntegrations(deps.sources.prisma, scope).then(
      (integrations) => new Set(integrations.map((integration) => integration.id)),
    );
    axisAccess.set(scope, ids);
  }
  return ids;
}

/** A stored Axis picture, under the rule of /proxy-axis-image: the caller may search its camera. */
async function openAxisImage(
  deps: RecordImageDeps,
  scope: SourceContext,
  path: string,
): Promise<VendorImage> {
  const stored = parseStoredImagePath(path);
  if (!stored || stored.area !== "axis")
    throw new AppError("VALIDATION_FAILED", "Not a stored Axis picture.");
  if (!(await searchableAxisIntegrations(deps, scope)).has(stored.ownerId))
    throw new AppError("NOT_FOUND", NOT_FOUND);
  const image = await deps.images.get(path);
  if (!image) throw new AppError("NOT_FOUND", NOT_FOUND);
  return image;
}

/** How the source serves this record's vehicle and plate pictures; undefined: it names none. */
function fetchersOf(
  deps: RecordImageDeps,
  scope: SourceContext,
  record: RecordImageRefs,
  signal: AbortSignal | undefined,
): { vehicle: Fetch | undefined; plate: Fetch | undefined } {
  switch (record.source_program) {
    case "Rekor": {
      const handle = record.api_key ?? record.rekor_api_key;
      const { agent_uid: agentUid, image_uuid: imageUuid } = record;
      return {
        vehicle:
          handle && agentUid && imageUuid
            ? () =>
                openRekorImage(
                  deps.sources,
                  scope,
                  { agent_uid: agentUid, image_uuid: imageUuid, api_key: handle },
                  signal,
                )
            : undefined,
        plate: undefined, // Rekor sends no plate crop: it is cut from the vehicle picture
      };
    }
    case "Axon": {
      const { image_path: url, base_url: baseUrl, plate_image_url: plateUrl } = record;
      return {
        vehicle:
          url && baseUrl
            ? () => openAxonImage(deps.sources, scope, { url, base_url: baseUrl }, signal)
            : undefined,
        plate: plateUrl ? () => openAxonImage(deps.sources, scope, { url: plateUrl }, signal) : undefined,
      };
    }
    case "Axis": {
      const { axis_path: path, axis_plate_path: platePath } = record;
      return {
        vehicle: path ? () => openAxisImage(deps, scope, path) : undefined,
        plate: platePath ? () => openAxisImage(deps, scope, platePath) : undefined,
      };
    }
  }
}

/** Why a picture could not be had, in words an investigator can read in the report. */
function reasonOf(error: unknown): string {
  if (error instanceof AppError || error instanceof VendorError) return error.message;
  return "the picture could not be loaded";
}

export interface ExportLog {
  warn(details: object, message: string): void;
}

/** The picture, or null with the reason in `missing`. */
async function attempt(
  fetch: Fetch | undefined,
  what: string,
  missing: string[],
  log: ExportLog | undefined,
): Promise<VendorImage | null> {
  if (!fetch) return null;
  try {
    return await fetch();
  } catch (error) {
    // Refusals and vendor failures are expected; anything else is worth a look in the logs.
    if (!(error instanceof AppError) && !(error instanceof VendorError))
      log?.warn({ err: error }, `export: ${what} failed`);
    missing.push(`${what}: ${reasonOf(error)}`);
    return null;
  }
}

export async function loadRecordImages(
  deps: RecordImageDeps,
  scope: SourceContext,
  record: RecordImageRefs,
  signal?: AbortSignal,
  log?: ExportLog,
): Promise<RecordImages> {
  const missing: string[] = [];
  const plateFailures: string[] = [];
  const fetchers = fetchersOf(deps, scope, record, signal);
  if (!fetchers.vehicle) missing.push("vehicle image: the record names no picture");
  const [vehicle, sent] = await Promise.all([
    attempt(fetchers.vehicle, "vehicle image", missing, log),
    attempt(fetchers.plate, "plate image", plateFailures, log),
  ]);
  if (sent) return { vehicle, plate: sent, plateCropped: false, missing };

  // No plate picture from the source (Rekor never sends one): cut it from the vehicle picture.
  const crop = (image: VendorImage) => cropPlate(image, record);
  const cropped = vehicle
    ? await (deps.imageWork ? deps.imageWork(() => crop(vehicle)) : crop(vehicle)).catch(() => null)
    : null;
  if (cropped) return { vehicle, plate: cropped, plateCropped: true, missing };
  if (plateFailures.length) missing.push(...plateFailures);
  else if (!vehicle) missing.push("plate image: no vehicle picture to cut it from");
  else missing.push("plate image: the source sent none and the record has no plate corners to cut it from");
  return { vehicle, plate: null, plateCropped: false, missing };
}

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The plate's region: the bounding box of its four corners widened by PLATE_CROP_MARGIN (8%) of its
 * width and height on each side, clipped to the picture. Null without four usable corners.
 */
export function plateCropBox(
  record: Pick<RecordImageRefs, `plate_${"x" | "y"}${1 | 2 | 3 | 4}`>,
  imageWidth: number,
  imageHeight: number,
): CropBox | null {
  const xs = [record.plate_x1, record.plate_x2, record.plate_x3, record.plate_x4];
  const ys = [record.plate_y1, record.plate_y2, record.plate_y3, record.plate_y4];
  if (![...xs, ...ys].every((value) => typeof value === "number" && Number.isFinite(value))) return null;
  const [minX, maxX] = [Math.min(...(xs as number[])), Math.max(...(xs as number[]))];
  const [minY, maxY] = [Math.min(...(ys as number[])), Math.max(...(ys as number[]))];
  if (maxX <= minX || maxY <= minY) return null;
  const marginX = (maxX - minX) * PLATE_CROP_MARGIN;
  const marginY = (maxY - minY) * PLATE_CROP_MARGIN;
  const left = Math.max(0, Math.floor(minX - marginX));
  const top = Math.max(0, Math.floor(minY - marginY));
  const right = Math.min(imageWidth, Math.ceil(maxX + marginX));
  const bottom = Math.min(imageHeight, Math.ceil(maxY + marginY));
  if (right <= left || bottom <= top) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/** The plate cut from the vehicle picture (a JPEG), or null when the corners do not allow it. */
export async function cropPlate(vehicle: VendorImage, record: RecordImageRefs): Promise<VendorImage | null> {
  const { width, height } = await sharp(vehicle.body).metadata();
  if (!width || !height) return null;
  const box = plateCropBox(record, width, height);
  if (!box) return null;
  const body = await sharp(vehicle.body).extract(box).jpeg({ quality: 90 }).toBuffer();
  return { body, contentType: "image/jpeg" };
}
