import type { RemoteRead } from "../../alerts/alert-matcher";
import { normalizePlate } from "../plate-pattern";
import type { RekorMapContext } from "./rekor.mapper";
import { toPlateState } from "./rekor.mapper";
import type { TRekorAlprGroup } from "./rekor.webhook.payload";

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
  group: TRekorAlprGroup,
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
  const cameraId = group.camera_id ?? null;
  return {
    sourceReadId: group.best_uuid,
    plate: group.best_plate_number,
    plateNormalized: normalizePlate(group.best_plate_number),
    state: toPlateState(group.best_region ?? group.best_plate?.region),
    timestamp: group.epoch_start,
    camera:
      camera?.cameraName ??
      group.web_server_config?.camera_label ??
      (cameraId === null ? null : `Camera ${cameraId}`),
    agencyName: key.agencyName,
    ...position(group, camera),
  };
}
