import { findEndpoint, type TAlert, type TGroupAlertsResponse } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const groupAlerts = findEndpoint("GET", "/alerts/group/:groupId/data");
const oneAlert = findEndpoint("GET", "/api/alerts/:id");
/** Server-sent events with the new alerts of every group the caller may see (Odin's own). */
export const ALERT_STREAM_PATH = findEndpoint("GET", "/alerts/stream").path;

/** GET /alerts/group/{groupId}/data: the group (id, name) and its alerts, newest first. */
export function getGroupAlerts(groupId: number, signal?: AbortSignal): Promise<TGroupAlertsResponse> {
  return callEndpoint(groupAlerts, { params: { groupId }, signal });
}

/** GET /api/alerts/{id}: one alert. */
export function getAlert(id: number, signal?: AbortSignal): Promise<TAlert> {
  return callEndpoint(oneAlert, { params: { id }, signal });
}

/** A route's id parameter as a positive integer, or null (a malformed address is "not found"). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
