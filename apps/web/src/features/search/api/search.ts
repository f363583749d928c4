import {
  findEndpoint,
  parseSearchSourcesHeader,
  SEARCH_SOURCES_HEADER,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { apiFetchWithHeaders, jsonRequest } from "@/lib/api-client";
import { callEndpoint } from "@/lib/call-endpoint";
import { useQuery } from "@/lib/use-query";
import type { SearchParams } from "../search-params";

const search = findEndpoint("POST", "/search-data");
const rekor = findEndpoint("GET", "/api-keys-data");
const axon = findEndpoint("GET", "/axon-authorized-integrations");
const axis = findEndpoint("GET", "/axis-authorized-agencies");

export interface SearchAnswer {
  results: TSearchResult[];
  /** How each source fared (x-odin-sources); empty from a server that does not say. */
  statuses: TSourceStatus[];
}

/** POST /search-data. A null or non-list answer is a failure ('Search failed.' on the form). */
export async function searchDetections(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
  const { data, headers } = await apiFetchWithHeaders<unknown>(search.path, {
    ...jsonRequest("POST", params),
    ...(signal ? { signal } : {}),
  });
  if (!Array.isArray(data)) throw new Error("the search answered no list");
  return {
    results: search.response.parse(data),
    statuses: parseSearchSourcesHeader(headers.get(SEARCH_SOURCES_HEADER)),
  };
}

export const getRekorAgencies = () => callEndpoint(rekor);
export const getAxonIntegrations = () => callEndpoint(axon);
export const getAxisAgencies = () => callEndpoint(axis);

export const useRekorAgencies = () => useQuery(getRekorAgencies);
export const useAxonIntegrations = () => useQuery(getAxonIntegrations);
export const useAxisAgencies = () => useQuery(getAxisAgencies);
