import { findEndpoint, type TCameraMisreadsResponse } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "@/lib/call-endpoint";
import { getAgencyLists, getAxonIntegration } from "./axon";
import { getAxisIntegrations, getCameraHealth } from "./axis-integrations";
import { getApiKeys } from "./rekor-keys";

const misreadsCall = findEndpoint("GET", "/alerts/misreads-by-camera");

/**
 * GET /alerts/misreads-by-camera (Odin's own): alerts judged Incorrect read, per camera. The alerts
 * feature has its own fetcher for the same call: features do not import each other.
 */
export function getMisreadsByCamera(): Promise<TCameraMisreadsResponse> {
  return callEndpoint(misreadsCall);
}

/** The integration screens' query keys, in one place: a change invalidates the key of what it changed. */
export const integrationKeys = {
  all: ["integrations"] as const,
  rekorKeys: ["integrations", "rekor-keys"] as const,
  axisIntegrations: ["integrations", "axis"] as const,
  axonIntegration: ["integrations", "axon", "integration"] as const,
  axonAgencies: ["integrations", "axon", "agencies"] as const,
  cameraHealth: ["integrations", "camera-health"] as const,
  misreadsByCamera: ["integrations", "misreads-by-camera"] as const,
};

export const integrationQueries = {
  rekorKeys: () => queryOptions({ queryKey: integrationKeys.rekorKeys, queryFn: getApiKeys }),
  axisIntegrations: () =>
    queryOptions({ queryKey: integrationKeys.axisIntegrations, queryFn: getAxisIntegrations }),
  axonIntegration: () =>
    queryOptions({ queryKey: integrationKeys.axonIntegration, queryFn: getAxonIntegration }),
  axonAgencies: () => queryOptions({ queryKey: integrationKeys.axonAgencies, queryFn: getAgencyLists }),
  cameraHealth: () => queryOptions({ queryKey: integrationKeys.cameraHealth, queryFn: getCameraHealth }),
  misreadsByCamera: () =>
    queryOptions({ queryKey: integrationKeys.misreadsByCamera, queryFn: getMisreadsByCamera }),
};
