import type { SourceProgram, TAlert, TAlertDisposition } from "@odin/contract";
import type { Alert } from "@odin/db";
import { alertImageUrl, toUtcNaive } from "../../lib/alert-format";

/** How many alerts a page of a group's history answers when the caller asks no size (the spec's client). */
export { ALERT_HISTORY_MAX_PAGE as ALERT_HISTORY_LIMIT } from "@odin/contract";

/**
 * An alert row as the contract's alert. The picture goes through Odin's alert image proxy; an Axis
 * alert without a picture of its own points at its read (/axis/proxy-detection-image, which also
 * serves cloud integrations' pictures); otherwise there is none ('No Image').
 */
export function toContractAlert(alert: Alert): TAlert {
  const detectionId = alert.axisDetectionId?.toString() ?? null;
  return {
    id: alert.id,
    plate: alert.plate,
    state: alert.state,
    timestamp: toUtcNaive(alert.timestamp),
    camera: alert.camera,
    agency: alert.agencyName,
    justification: alert.reason,
    image_url: alert.imagePath
      ? alertImageUrl(alert.imagePath)
      : detectionId
        ? `/axis/proxy-detection-image?id=${detectionId}`
        : null,
    source_program: alert.sourceProgram as SourceProgram,
    axis_detection_id: detectionId,
    axis_is_cloud: alert.axisIsCloud,
    latitude: alert.latitude,
    longitude: alert.longitude,
    date_added: alert.dateAdded.toISOString(),
    notes: alert.notes,
    match_rule: alert.matchRule ?? null,
    ocr_candidates: (alert.ocrCandidates as TAlert["ocr_candidates"]) ?? null,
    read_count: alert.readCount,
    last_read_at: alert.lastReadAt?.toISOString() ?? null,
    disposition: (alert.disposition as TAlertDisposition | null) ?? null,
    disposition_note: alert.dispositionNote,
    disposition_by: alert.dispositionBy,
    disposition_at: alert.dispositionAt?.toISOString() ?? null,
    acknowledged_by: alert.acknowledgedBy,
    acknowledged_at: alert.acknowledgedAt?.toISOString() ?? null,
  };
}
