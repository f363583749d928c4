import type { AlertForDelivery } from "./delivery.repository";
import { alertPageUrl } from "./email-channel";

/** An alert as webhooks and push messages carry it (docs/webhooks.md). */
export interface AlertPayload {
  id: number;
  plate: string;
  state: string | null;
  group: { id: number; name: string; urgent?: boolean };
  reason: string;
  notes: string | null;
  camera: string | null;
  camera_agency: string | null;
  source_program: string;
  read_at: string;
  latitude: number | null;
  longitude: number | null;
  match_rule: string | null;
  alert_url: string;
}

export function toAlertPayload(alert: AlertForDelivery, publicUrl: string): AlertPayload {
  return {
    id: alert.id,
    plate: alert.plate,
    state: alert.state,
    group: { id: alert.group.id, name: alert.group.name },
    reason: alert.reason,
    notes: alert.notes,
    camera: alert.camera,
    camera_agency: alert.agencyName,
    source_program: alert.sourceProgram,
    read_at: alert.timestamp.toISOString(),
    latitude: alert.latitude,
    longitude: alert.longitude,
    match_rule: alert.matchRule,
    alert_url: alertPageUrl(publicUrl, alert.id),
  };
}
