import {
  findEndpoint,
  type TAddAxonIntegrationRequest,
  type TAuthorizedAndBlacklistedAgenciesResponse,
  type TAxonExistingIntegrationResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";

const existingCall = findEndpoint("GET", "/axon-existing-integration");
const addCall = findEndpoint("POST", "/add-axon-integration");
const deleteCall = findEndpoint("DELETE", "/delete-axon-integration");
const agenciesCall = findEndpoint("GET", "/get-authorized-and-blacklisted-agencies");
const blacklistCall = findEndpoint("POST", "/add-to-blacklist");
const unblacklistCall = findEndpoint("POST", "/remove-from-blacklist");

/** GET /axon-existing-integration: the agency's integration (agency name, base URL), or null. */
export async function getAxonIntegration(): Promise<TAxonExistingIntegrationResponse> {
  return existingCall.response.parse(await apiFetch(existingCall.path));
}

/** POST /add-axon-integration; the server checks the credentials against Axon before saving. */
export async function addAxonIntegration(integration: TAddAxonIntegrationRequest): Promise<TSuccessMessage> {
  return addCall.response.parse(await apiFetch(addCall.path, jsonRequest(addCall.method, integration)));
}

/** DELETE /delete-axon-integration. */
export async function deleteAxonIntegration(): Promise<TSuccessMessage> {
  return deleteCall.response.parse(await apiFetch(deleteCall.path, jsonRequest(deleteCall.method)));
}

/** GET /get-authorized-and-blacklisted-agencies. */
export async function getAgencyLists(): Promise<TAuthorizedAndBlacklistedAgenciesResponse> {
  return agenciesCall.response.parse(await apiFetch(agenciesCall.path));
}

/** POST /add-to-blacklist or /remove-from-blacklist with agency_id. */
export async function moveAgency(
  agencyId: number,
  to: "blacklisted" | "authorized",
): Promise<TSuccessMessage> {
  const call = to === "blacklisted" ? blacklistCall : unblacklistCall;
  return call.response.parse(await apiFetch(call.path, jsonRequest(call.method, { agency_id: agencyId })));
}
