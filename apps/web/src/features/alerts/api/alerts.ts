import {
  findEndpoint,
  type TAlert,
  type TAlertDisposition,
  type TCameraMisreadsResponse,
  type TGroupAlertsResponse,
  type TSearchRequest,
  type TSearchResult,
} from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";
import { callEndpoint } from "@/lib/call-endpoint";

const groupAlerts = findEndpoint("GET", "/alerts/group/:groupId/data");
const oneAlert = findEndpoint("GET", "/api/alerts/:id");
const dispositionCall = findEndpoint("POST", "/api/alerts/:id/disposition");
const acknowledgeCall = findEndpoint("POST", "/api/alerts/:id/acknowledge");
const unreadCall = findEndpoint("GET", "/alerts/unread-count");
const misreadsCall = findEndpoint("GET", "/alerts/misreads-by-camera");
const searchCall = findEndpoint("POST", "/search-data");

/**
 * POST /search-data for an alert's plate (its other reads, an audited search like any). The search
 * feature has its own fetcher for the same call: features do not import each other. A null or non-list
 * answer is a failure.
 */
export async function searchPlateReads(request: TSearchRequest): Promise<TSearchResult[]> {
  const data = await apiFetch<unknown>(searchCall.path, jsonRequest("POST", request));
  if (!Array.isArray(data)) throw new Error("the search answered no list");
  return searchCall.response.parse(data);
}
/** Server-sent events with the new alerts of every group the caller may see (Odin's own). */
export const ALERT_STREAM_PATH = findEndpoint("GET", "/alerts/stream").path;

/** The history's filters as the screen holds them (blank: not set); the dates are datetime-local text. */
export interface AlertHistoryFilters {
  plate: string;
  camera: string;
  from: string;
  to: string;
  disposition: string;
}

export const NO_ALERT_FILTERS: AlertHistoryFilters = {
  plate: "",
  camera: "",
  from: "",
  to: "",
  disposition: "",
};

/** How many alerts a page of the history shows. */
export const ALERT_PAGE_SIZE = 50;

/** Local date-time text ("2026-11-25T08:30") as an instant with its zone, for the API. */
function localToIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function alertHistoryQuery(filters: AlertHistoryFilters, cursor?: string | null): URLSearchParams {
  const query = new URLSearchParams({ limit: String(ALERT_PAGE_SIZE) });
  if (filters.plate.trim()) query.set("plate", filters.plate.trim());
  if (filters.camera.trim()) query.set("camera", filters.camera.trim());
  const from = filters.from && localToIso(filters.from);
  if (from) query.set("from", from);
  // The end minute is included whole.
  const to = filters.to && localToIso(filters.to);
  if (to) query.set("to", new Date(new Date(to).getTime() + 59_999).toISOString());
  if (filters.disposition) query.set("disposition", filters.disposition);
  if (cursor) query.set("cursor", cursor);
  return query;
}

/**
 * GET /alerts/group/{groupId}/data: the group (id, name) and a page of its alerts, newest first by
 * the read's time, with Odin's filters and `next_cursor`.
 */
export function getGroupAlerts(
  groupId: number,
  signal?: AbortSignal,
  filters: AlertHistoryFilters = NO_ALERT_FILTERS,
  cursor?: string | null,
): Promise<TGroupAlertsResponse> {
  return callEndpoint(groupAlerts, {
    params: { groupId },
    query: alertHistoryQuery(filters, cursor),
    signal,
  });
}

/** POST /api/alerts/{id}/disposition (Odin's own): null clears it. */
export function setAlertDisposition(
  id: number,
  disposition: TAlertDisposition | null,
  note: string,
): Promise<TAlert> {
  return callEndpoint(dispositionCall, { params: { id }, body: { disposition, note: note.trim() || null } });
}

/** POST /api/alerts/{id}/acknowledge (Odin's own): once per alert. */
export function acknowledgeAlert(id: number): Promise<TAlert> {
  return callEndpoint(acknowledgeCall, { params: { id } });
}

/** GET /alerts/unread-count (Odin's own). */
export async function getUnreadAlertCount(signal?: AbortSignal): Promise<number> {
  return (await callEndpoint(unreadCall, { signal })).unread;
}

/** GET /alerts/misreads-by-camera (Odin's own). */
export function getMisreadsByCamera(signal?: AbortSignal): Promise<TCameraMisreadsResponse> {
  return callEndpoint(misreadsCall, { signal });
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
