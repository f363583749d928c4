import {
  findEndpoint,
  type TAxisIngestCredentials,
  type TAxisIntegrationsResponse,
  type TCameraHealthResponse,
  type TCreateAxisIntegrationRequest,
  type TSuccessMessage,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const listCall = findEndpoint("GET", "/axis-integrations");
const createCall = findEndpoint("POST", "/axis-integrations");
const rotateCall = findEndpoint("POST", "/axis-integrations/:id/rotate-token");
const pauseCall = findEndpoint("POST", "/axis-integrations/:id/pause");
const resumeCall = findEndpoint("POST", "/axis-integrations/:id/resume");
const deleteCall = findEndpoint("DELETE", "/axis-integrations/:id");
const healthCall = findEndpoint("GET", "/camera-health");

/** GET /axis-integrations: the agency's RAVEN integrations with their health. */
export function getAxisIntegrations(): Promise<TAxisIntegrationsResponse> {
  return callEndpoint(listCall);
}

/** POST /axis-integrations: answers the push URL and the ingest token, once. */
export function createAxisIntegration(body: TCreateAxisIntegrationRequest): Promise<TAxisIngestCredentials> {
  return callEndpoint(createCall, { body });
}

/** POST /axis-integrations/{id}/rotate-token: a new token, shown once; the old one stops at once. */
export function rotateAxisIngestToken(id: number): Promise<TAxisIngestCredentials> {
  return callEndpoint(rotateCall, { params: { id } });
}

export function pauseAxisIntegration(id: number): Promise<TSuccessMessage> {
  return callEndpoint(pauseCall, { params: { id } });
}

export function resumeAxisIntegration(id: number): Promise<TSuccessMessage> {
  return callEndpoint(resumeCall, { params: { id } });
}

export function deleteAxisIntegration(id: number): Promise<TSuccessMessage> {
  return callEndpoint(deleteCall, { params: { id } });
}

/** GET /camera-health: every camera of the agency, silent ones first. */
export function getCameraHealth(): Promise<TCameraHealthResponse> {
  return callEndpoint(healthCall);
}
