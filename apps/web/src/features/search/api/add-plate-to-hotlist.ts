import { findEndpoint, type THotlistAddRequestInput } from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";

const addPlate = findEndpoint("POST", "/hotlist/add-plate-direct");

/** POST /hotlist/add-plate-direct with {plate_number, reason, state, notes, group_id}; the answer is not used. */
export async function addPlateToHotlist(payload: THotlistAddRequestInput): Promise<void> {
  await apiFetch(addPlate.path, jsonRequest("POST", payload));
}
