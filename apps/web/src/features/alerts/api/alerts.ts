import { findEndpoint, toPath, type TAlert, type TGroupAlertsResponse } from "@odin/contract";
import { apiFetch } from "@/lib/api-client";

const groupAlerts = findEndpoint("GET", "/alerts/group/:groupId/data");
const oneAlert = findEndpoint("GET", "/api/alerts/:id");
/** Server-sent events with the new alerts of every group the caller may see (Odin's own). */
export const ALERT_STREAM_PATH = findEndpoint("GET", "/alerts/stream").path;

const withSignal = (signal?: AbortSignal): RequestInit => (signal ? { signal } : {});

/** GET /alerts/group/{groupId}/data: the group (id, name) and its alerts, newest first. */
export async function getGroupAlerts(groupId: number, signal?: AbortSignal): Promise<TGroupAlertsResponse> {
  const path = toPath(groupAlerts.path, { groupId });
  return groupAlerts.response.parse(await apiFetch(path, withSignal(signal)));
}

/** GET /api/alerts/{id}: one alert. */
export async function getAlert(id: number, signal?: AbortSignal): Promise<TAlert> {
  return oneAlert.response.parse(await apiFetch(toPath(oneAlert.path, { id }), withSignal(signal)));
}

/** A route's id parameter as a positive integer, or null (a malformed address is "not found"). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
