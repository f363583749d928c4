import { findEndpoint, type TAlertsDataResponse } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const alertsData = findEndpoint("GET", "/alerts-data");

/** GET /alerts-data: the caller's alert groups (the alerts page's cards and the hotlist modal's select). */
export function getAlertGroups(signal?: AbortSignal): Promise<TAlertsDataResponse> {
  return callEndpoint(alertsData, { signal });
}
