import {
  findEndpoint,
  type TAddAxonIntegrationRequest,
  type TAuthorizedAndBlacklistedAgenciesResponse,
  type TAxonExistingIntegrationResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const existingCall = findEndpoint("GET", "/axon-existing-integration");
const addCall = findEndpoint("POST", "/add-axon-integration");
const deleteCall = findEndpoint("DELETE", "/delete-axon-integration");
const agenciesCall = findEndpoint("GET", "/get-authorized-and-blacklisted-agencies");
const blacklistCall = findEndpoint("POST", "/add-to-blacklist");
const unblacklistCall = findEndpoint("POST", "/remove-from-blacklist");

/** GET /axon-existing-integration: the agency's integration (agency name, base URL), or null. */
export function getAxonIntegration(): Promise<TAxonExistingIntegrationResponse> {
  return callEndpoint(existingCall);
}

/** POST /add-axon-integration; the server checks the credentials against Axon before saving. */
export function addAxonIntegration(integration: TAddAxonIntegrationRequest): Promise<TSuccessMessage> {
  return callEndpoint(addCall, { body: integration });
}

/** DELETE /delete-axon-integration. */
export function deleteAxonIntegration(): Promise<TSuccessMessage> {
  return callEndpoint(deleteCall);
}

/** GET /get-authorized-and-blacklisted-agencies. */
export function getAgencyLists(): Promise<TAuthorizedAndBlacklistedAgenciesResponse> {
  return callEndpoint(agenciesCall);
}

/** POST /add-to-blacklist or /remove-from-blacklist with agency_id. */
export function moveAgency(agencyId: number, to: "blacklisted" | "authorized"): Promise<TSuccessMessage> {
  return callEndpoint(to === "blacklisted" ? blacklistCall : unblacklistCall, {
    body: { agency_id: agencyId },
  });
}
