import { findEndpoint, type TAlertsDataResponse } from "@odin/contract";
import { apiFetch } from "@/lib/api-client";

const alertsData = findEndpoint("GET", "/alerts-data");

/** GET /alerts-data: the caller's alert groups (the alerts page's cards and the hotlist modal's select). */
export async function getAlertGroups(signal?: AbortSignal): Promise<TAlertsDataResponse> {
  return alertsData.response.parse(await apiFetch(alertsData.path, signal ? { signal } : {}));
}
