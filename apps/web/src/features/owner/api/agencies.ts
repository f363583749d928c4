import {
  findEndpoint,
  type TAgencyChangeResponse,
  type TAgencyCreateRequest,
  type TAgencyUpdateRequest,
  type TManagedAgenciesResponse,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const listCall = findEndpoint("GET", "/owner/agencies");
const createCall = findEndpoint("POST", "/owner/agencies");
const updateCall = findEndpoint("PATCH", "/owner/agencies/:id");
const deactivateCall = findEndpoint("POST", "/owner/agencies/:id/deactivate");
const reactivateCall = findEndpoint("POST", "/owner/agencies/:id/reactivate");

/** GET /owner/agencies: every agency with its status and user counts. */
export function getManagedAgencies(): Promise<TManagedAgenciesResponse> {
  return callEndpoint(listCall);
}

export function createAgency(agency: TAgencyCreateRequest): Promise<TAgencyChangeResponse> {
  return callEndpoint(createCall, { body: agency });
}

export function updateAgency(id: number, changes: TAgencyUpdateRequest): Promise<TAgencyChangeResponse> {
  return callEndpoint(updateCall, { params: { id }, body: changes });
}

/** Deactivates (active false) or reactivates (true) an agency. */
export function setAgencyActive(id: number, active: boolean): Promise<TAgencyChangeResponse> {
  return callEndpoint(active ? reactivateCall : deactivateCall, { params: { id } });
}
