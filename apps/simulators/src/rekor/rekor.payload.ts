import { plateCorners } from "../data/layout";
import { Rng } from "../data/prng";
import type { RekorRead } from "../data/reads";
import { rekorVocabulary } from "../data/vocabulary";

/** The Django model name Rekor's REST API puts on every row. */
export const REKOR_GROUP_MODEL = "openalpr_agent.alprgroup";

/**
 * One row of GET /api/search/plate. Types follow what Rekor's API returns as far as public clients
 * show: decimals (confidences, processing time) are strings, keys and pixels are integers, and the
 * times are epoch milliseconds (docs/vendors/rekor.md notes the one client that parses them as ISO).
 */
export interface RekorSearchRow {
  pk: number;
  model: typeof REKOR_GROUP_MODEL;
  fields: RekorSearchFields;
}

export interface RekorSearchFields {
  agent_uid: string;
  best_plate: string;
  best_confidence: string;
  best_uuid: string;
  best_index: number;
  epoch_time_start: number;
  epoch_time_end: number;
  /** Rekor's camera row key; the camera's own number is camera_id. Names come from the heartbeat. */
  camera: number;
  camera_id: number;
  company: number;
  site: string;
  site_id: number;
  img_width: number;
  img_height: number;
  plate_x1: number;
  plate_y1: number;
  plate_x2: number;
  plate_y2: number;
  plate_x3: number;
  plate_y3: number;
  plate_x4: number;
  plate_y4: number;
  region: string;
  region_confidence: string;
  vehicle_color: string;
  vehicle_color_confidence: string;
  vehicle_make: string;
  vehicle_make_confidence: string;
  vehicle_make_model: string;
  vehicle_make_model_confidence: string;
  vehicle_body_type: string;
  vehicle_body_type_confidence: string;
  direction_of_travel_degrees: number;
  hit_count: number;
  vehicle_region_x: number;
  vehicle_region_y: number;
  vehicle_region_width: number;
  vehicle_region_height: number;
  processing_time_ms: string;
}

/** Details a Rekor agent adds to a read: frame count, best frame, classifier confidences. */
export function rekorDetails(read: RekorRead) {
  const rng = Rng.for("rekor-details", read.id);
  const hitCount = rng.int(3, 24);
  return {
    hitCount,
    bestIndex: rng.int(0, hitCount - 1),
    regionConfidence: rng.float(70, 99),
    colorConfidence: rng.float(55, 99.5),
    makeConfidence: rng.float(60, 99.9),
    makeModelConfidence: rng.float(35, 97),
    bodyTypeConfidence: rng.float(60, 99.5),
    processingMs: rng.float(4, 28),
    crossover: (read.traits & 1) === 1,
  };
}

export function toRekorSearchRow(read: RekorRead): RekorSearchRow {
  const details = rekorDetails(read);
  const [c1, c2, c3, c4] = plateCorners(read.frame.plate);
  const camera = read.camera;
  const vehicle = read.frame.vehicle;
  return {
    pk: (camera.pk - 47_999) * 1_000_000 + read.sequence,
    model: REKOR_GROUP_MODEL,
    fields: {
      agent_uid: camera.agent.agentUid,
      best_plate: read.plate,
      best_confidence: decimal(read.confidence * 100),
      best_uuid: read.id,
      best_index: details.bestIndex,
      epoch_time_start: read.capturedAt,
      epoch_time_end: read.capturedAt + read.durationMs,
      camera: camera.pk,
      camera_id: camera.cameraId,
      company: camera.companyId,
      site: camera.siteName,
      site_id: camera.siteId,
      img_width: read.frame.width,
      img_height: read.frame.height,
      plate_x1: c1?.x ?? 0,
      plate_y1: c1?.y ?? 0,
      plate_x2: c2?.x ?? 0,
      plate_y2: c2?.y ?? 0,
      plate_x3: c3?.x ?? 0,
      plate_y3: c3?.y ?? 0,
      plate_x4: c4?.x ?? 0,
      plate_y4: c4?.y ?? 0,
      region: `us-${read.state.toLowerCase()}`,
      region_confidence: decimal(details.regionConfidence),
      vehicle_color: rekorVocabulary.color(read.vehicle.color),
      vehicle_color_confidence: decimal(details.colorConfidence),
      vehicle_make: rekorVocabulary.make(read.vehicle),
      vehicle_make_confidence: decimal(details.makeConfidence),
      vehicle_make_model: rekorVocabulary.makeModel(read.vehicle),
      vehicle_make_model_confidence: decimal(details.makeModelConfidence),
      vehicle_body_type: rekorVocabulary.bodyType(read.vehicle, details.crossover),
      vehicle_body_type_confidence: decimal(details.bodyTypeConfidence),
      direction_of_travel_degrees: read.direction,
      hit_count: details.hitCount,
      vehicle_region_x: vehicle.x,
      vehicle_region_y: vehicle.y,
      vehicle_region_width: vehicle.width,
      vehicle_region_height: vehicle.height,
      processing_time_ms: decimal(details.processingMs),
    },
  };
}

/** Rekor serialises decimal columns as strings with six places. */
export function decimal(value: number): string {
  return value.toFixed(6);
}
