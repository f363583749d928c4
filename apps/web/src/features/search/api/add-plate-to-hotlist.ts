import { findEndpoint, type THotlistAddRequestInput, type THotlistGroup } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, jsonRequest } from "@/lib/api-client";
import { callEndpoint } from "@/lib/call-endpoint";
import { searchKeys } from "./search";

const addPlate = findEndpoint("POST", "/hotlist/add-plate-direct");

/** POST /hotlist/add-plate-direct with {plate_number, reason, state, notes, group_id}; the answer is not used. */
export async function addPlateToHotlist(payload: THotlistAddRequestInput): Promise<void> {
  await apiFetch(addPlate.path, jsonRequest("POST", payload));
}

const alertsData = findEndpoint("GET", "/alerts-data");

/**
 * GET /alerts-data, as the hotlist modal's select needs it: the caller's groups, id and name. The
 * alerts feature has its own fetcher for the same call: features do not import each other.
 */
export async function getHotlistGroups(signal?: AbortSignal): Promise<THotlistGroup[]> {
  const groups = await callEndpoint(alertsData, { signal });
  return groups.map(({ id, name }) => ({ id, name }));
}

/** The groups a plate can be added to. */
export const hotlistGroupsQuery = () =>
  queryOptions({ queryKey: searchKeys.hotlistGroups, queryFn: ({ signal }) => getHotlistGroups(signal) });
