import { plateCorners } from "../data/layout";
import { Rng } from "../data/prng";
import type { RekorRead } from "../data/reads";
import { rekorVocabulary } from "../data/vocabulary";
import { ImageRenderer } from "../images";
import { rekorDetails } from "./rekor.payload";

/** OCR look-alikes an agent proposes as candidates next to the best read. */
const LOOKALIKES: Record<string, string> = {
  "0": "O",
  "1": "I",
  "8": "B",
  "5": "S",
  "2": "Z",
  "6": "G",
  B: "8",
};

interface Named {
  name: string;
  confidence: number;
}

/**
 * The `alpr_group` JSON a Rekor agent POSTs to a webhook for one vehicle pass (fields as in
 * VENDORS.md, plus the other fields a real agent sends). Numbers here are numbers, unlike the
 * search API's decimal strings.
 */
export function buildRekorGroup(read: RekorRead, plateCropJpeg?: Buffer) {
  const details = rekorDetails(read);
  const rng = Rng.for("rekor-group", read.id);
  const camera = read.camera;
  const confidence = round(read.confidence * 100);
  const region = `us-${read.state.toLowerCase()}`;
  const candidates = [{ plate: read.plate, confidence, matches_template: 1 }];
  for (const [index, char] of read.plate.split("").entries()) {
    const swap = LOOKALIKES[char];
    if (!swap || candidates.length >= 4) continue;
    const plate = read.plate.slice(0, index) + swap + read.plate.slice(index + 1);
    candidates.push({ plate, confidence: round(confidence - rng.float(4, 18)), matches_template: 0 });
  }
  const ranked = (best: string, bestConfidence: number, others: readonly string[]): Named[] => [
    { name: best, confidence: round(bestConfidence) },
    ...others
      .filter((other) => other !== best)
      .slice(0, 2)
      .map((name) => ({ name, confidence: round(rng.float(0.01, (100 - bestConfidence) / 2)) })),
  ];
  const uuids = Array.from(
    { length: Math.min(details.hitCount, 5) },
    (_, i) => `${camera.agent.agentUid}-${camera.cameraId}-${read.capturedAt + i * 97}`,
  );
  uuids[0] = read.id;

  return {
    data_type: "alpr_group" as const,
    version: 3,
    epoch_start: read.capturedAt,
    epoch_end: read.capturedAt + read.durationMs,
    company_id: Rng.for("rekor-company", camera.companyId).uuid(),
    agent_uid: camera.agent.agentUid,
    agent_version: "4.1.1",
    agent_type: "alprd",
    camera_id: camera.cameraId,
    gps_latitude: read.latitude,
    gps_longitude: read.longitude,
    country: "us",
    uuids,
    candidates,
    best_plate: {
      plate: read.plate,
      confidence,
      matches_template: 1,
      plate_index: 0,
      region,
      region_confidence: round(details.regionConfidence),
      processing_time_ms: round(details.processingMs),
      requested_topn: 10,
      coordinates: plateCorners(read.frame.plate),
      plate_crop_jpeg: plateCropJpeg?.toString("base64") ?? "",
      vehicle_region: { ...read.frame.vehicle },
      vehicle_detected: true,
      candidates,
    },
    best_confidence: confidence,
    best_plate_number: read.plate,
    best_region: region,
    best_region_confidence: round(details.regionConfidence),
    best_uuid: read.id,
    best_uuid_epoch_ms: read.capturedAt,
    matches_template: true,
    // The frames of the pass (one per uuid), as the documented v2 group numbers them.
    frame_start: 0,
    frame_end: uuids.length - 1,
    plate_indexes: uuids.map(() => 0),
    best_image_width: read.frame.width,
    best_image_height: read.frame.height,
    travel_direction: read.direction,
    is_parked: false,
    is_preview: false,
    vehicle: {
      color: ranked(rekorVocabulary.color(read.vehicle.color), details.colorConfidence, [
        "silver-gray",
        "white",
        "black",
      ]),
      make: ranked(rekorVocabulary.make(read.vehicle), details.makeConfidence, ["toyota", "honda", "ford"]),
      make_model: ranked(rekorVocabulary.makeModel(read.vehicle), details.makeModelConfidence, []),
      body_type: ranked(
        rekorVocabulary.bodyType(read.vehicle, details.crossover),
        details.bodyTypeConfidence,
        ["sedan-standard", "suv-standard"],
      ),
    },
    web_server_config: { camera_label: camera.name, agent_label: camera.siteName },
    direction_of_travel_id: read.frame.view === "front" ? 1 : 2,
  };
}

export type RekorGroup = ReturnType<typeof buildRekorGroup>;

export interface SendRekorGroupOptions {
  /** Sent as `Authorization: Bearer {token}` (Odin's per-key webhook token). */
  token: string;
  /** Renders the plate crop; a shared one keeps its cache across calls. */
  images?: ImageRenderer;
  timeoutMs?: number;
}

/** POSTs one read as an `alpr_group` webhook; resolves to the HTTP status and the body sent. */
export async function sendRekorGroup(
  targetUrl: string,
  read: RekorRead,
  options: SendRekorGroupOptions,
): Promise<{ status: number; body: RekorGroup }> {
  const images = options.images ?? defaultRenderer();
  const body = buildRekorGroup(read, await images.plateCrop(read));
  const response = await fetch(targetUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${options.token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  await response.arrayBuffer();
  return { status: response.status, body };
}

let shared: ImageRenderer | undefined;
function defaultRenderer(): ImageRenderer {
  return (shared ??= new ImageRenderer({ maxCacheBytes: 16 * 1024 * 1024 }));
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
