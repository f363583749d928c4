/**
 * The shape a source maps a vendor's read to when Odin does not store it (Rekor webhooks, Axon polls),
 * for the hotlist matcher (modules/alerts/matching/alert-matcher.ts). Here, below both, so that a
 * source's mapper does not import the module that consumes its output.
 */

/**
 * A read Odin does not store (Rekor webhooks, Axon polls: those sources are searched remotely), as the
 * matcher needs it. Axis reads are matched in the statement that stores them (modules/ingest/axis-batch-insert.ts).
 */
export interface RemoteRead {
  /** The source's id of the read (Rekor best_uuid, Axon read_id): with the plate, the alert's once-only key. */
  sourceReadId: string;
  plate: string;
  /** Upper case without spaces or dashes (normalizePlate). */
  plateNormalized: string;
  /** Two-letter state, or null when the source does not say. */
  state: string | null;
  /** Capture time. */
  timestamp: Date;
  camera: string | null;
  /** The agency that owns the camera, as the alert shows it. */
  agencyName: string | null;
  /** A stored picture (image-store path) or an image reference the alert image proxy can open. */
  imagePath: string | null;
  latitude: number | null;
  longitude: number | null;
  /**
   * The OCR candidates the source sent beside the best plate (OpenALPR `candidates`, best first, the
   * best plate itself usually among them), kept on the alert; lenient entries also match them.
   */
  candidates?: readonly OcrCandidate[];
}

/** One OCR reading of a plate as the vendor sent it, with its confidence (0-100 for OpenALPR). */
export interface OcrCandidate {
  plate: string;
  confidence: number | null;
}
