import type { AxonRead } from "../data/reads";
import { axonVocabulary } from "../data/vocabulary";

export const AXON_READS_PATH = "/api/alpr/v1/reads";

/** One ALPR read as the assumed Axon API returns it (docs/vendors/axon.md). */
export interface AxonReadPayload {
  read_id: string;
  plate: string;
  state: string;
  /** 0..1 */
  confidence: number;
  /** UTC, ISO 8601 with milliseconds. */
  captured_at: string;
  camera: { id: string; name: string };
  location: { lat: number; lon: number };
  vehicle: { make: string; model: string; color: string; body_type: string };
  /** Paths relative to the agency's base URL; they need the same bearer token. */
  image_url: string;
  plate_image_url: string;
}

export interface AxonReadsPage {
  reads: AxonReadPayload[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export function toAxonRead(read: AxonRead): AxonReadPayload {
  return {
    read_id: read.id,
    plate: read.plate,
    state: read.state,
    confidence: read.confidence,
    captured_at: new Date(read.capturedAt).toISOString(),
    camera: { id: read.camera.serial, name: read.camera.name },
    location: { lat: read.latitude, lon: read.longitude },
    vehicle: {
      make: read.vehicle.make,
      model: read.vehicle.model,
      color: axonVocabulary.color(read.vehicle.color, (read.traits & 2) === 2),
      body_type: axonVocabulary.bodyType(read.vehicle.bodyType),
    },
    image_url: `${AXON_READS_PATH}/${read.id}/image`,
    plate_image_url: `${AXON_READS_PATH}/${read.id}/plate-image`,
  };
}
