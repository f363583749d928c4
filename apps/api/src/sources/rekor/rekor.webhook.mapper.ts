import { US_STATES } from "@odin/contract";
import type { OcrCandidate, RemoteRead } from "../remote-read";
import { normalizePlate } from "../plate-pattern";
import type { RekorMapContext } from "./rekor.mapper";
import { toPlateState } from "./rekor.mapper";
import type { TRekorAlprGroup, TRekorAlprResults, TRekorCandidate } from "./rekor.webhook.payload";

/** The agent's OCR candidates with their confidences, as Odin keeps them. */
function ocrCandidates(candidates: readonly TRekorCandidate[] | null | undefined): OcrCandidate[] {
  return (candidates ?? []).map((candidate) => ({
    plate: candidate.plate,
    confidence: candidate.confidence ?? null,
  }));
}

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.abbreviation));

/**
 * `us-mo` as the search API and newer agents write it, or a bare `mo` as older agents' documented
 * examples do (a bare code counts only when it is a US state's).
 */
export function webhookPlateState(region: string | null | undefined): string | null {
  const state = toPlateState(region);
  if (state) return state;
  const bare = region?.trim().toUpperCase() ?? "";
  return STATE_CODES.has(bare) ? bare : null;
}

export interface RekorWebhookContext {
  key: { agencyName: string };
  /** Odin's rekor_cameras row for the group's camera_id, when Odin knows the camera. */
  camera: RekorMapContext["camera"];
}

const usable = (lat: number | null | undefined, lon: number | null | undefined): boolean =>
  typeof lat === "number" &&
  typeof lon === "number" &&
  Number.isFinite(lat) &&
  Number.isFinite(lon) &&
  Math.abs(lat) < 90 &&
  Math.abs(lon) < 180 &&
  !(lat === 0 && lon === 0);

/**
 * Where the read was taken: a hand correction of the camera first (cameras with bad GPS are why it
 * exists), then the camera's known position, then the GPS the agent sent with the read.
 */
function position(
  group: Pick<TRekorAlprGroup, "gps_latitude" | "gps_longitude">,
  camera: RekorWebhookContext["camera"],
): { latitude: number | null; longitude: number | null } {
  if (camera && usable(camera.correctedLatitude, camera.correctedLongitude))
    return { latitude: camera.correctedLatitude, longitude: camera.correctedLongitude };
  if (camera && usable(camera.latitude, camera.longitude))
    return { latitude: camera.latitude, longitude: camera.longitude };
  if (usable(group.gps_latitude, group.gps_longitude))
    return { latitude: group.gps_latitude ?? null, longitude: group.gps_longitude ?? null };
  return { latitude: null, longitude: null };
}

/** One `alpr_group` as the matcher's read (the picture is stored separately, only for a match). Pure. */
export function mapRekorGroup(
  group: TRekorAlprGroup,
  { key, camera }: RekorWebhookContext,
): Omit<RemoteRead, "imagePath"> {
  return {
    sourceReadId: group.best_uuid,
    plate: group.best_plate_number,
    plateNormalized: normalizePlate(group.best_plate_number),
    state: webhookPlateState(group.best_region ?? group.best_plate?.region),
    timestamp: group.epoch_start,
    camera: cameraLabel(group, camera),
    agencyName: key.agencyName,
    ...position(group, camera),
    // The best plate's own list, else the group's (agents send both, alike; older ones one of them).
    candidates: ocrCandidates(
      group.best_plate?.candidates?.length ? group.best_plate.candidates : group.candidates,
    ),
  };
}

/** Odin's name for the camera, then the agent's label, then `Camera {camera_id}`. */
function cameraLabel(
  payload: Pick<TRekorAlprGroup, "camera_id" | "web_server_config">,
  camera: RekorWebhookContext["camera"],
): string | null {
  return (
    camera?.cameraName ??
    payload.web_server_config?.camera_label ??
    (payload.camera_id ? `Camera ${payload.camera_id}` : null)
  );
}

/**
 * Each plate of one `alpr_results` frame as the matcher's read. The frame's `uuid` is the read id:
 * the plates of one frame are different vehicles, so they match different hotlist plates. Pure.
 */
export function mapRekorFrame(
  frame: TRekorAlprResults,
  { key, camera }: RekorWebhookContext,
): Omit<RemoteRead, "imagePath">[] {
  const where = position(frame, camera);
  const name = cameraLabel({ camera_id: frame.camera_id, web_server_config: undefined }, camera);
  return frame.results
    .filter((result) => normalizePlate(result.plate) !== "")
    .map((result) => ({
      sourceReadId: frame.uuid,
      plate: result.plate,
      plateNormalized: normalizePlate(result.plate),
      state: webhookPlateState(result.region),
      timestamp: frame.epoch_time,
      camera: name,
      agencyName: key.agencyName,
      ...where,
      candidates: ocrCandidates(result.candidates),
    }));
}
