import {
  findEndpoint,
  parseSearchSourcesHeader,
  SEARCH_SOURCES_HEADER,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { apiFetchWithHeaders, jsonRequest } from "@/lib/api-client";
import { callEndpoint } from "@/lib/call-endpoint";
import { queryOptions, useQuery } from "@tanstack/react-query";
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

/** The search screens' query keys, in one place. */
export const searchKeys = {
  all: ["search"] as const,
  rekorAgencies: ["search", "agencies", "rekor"] as const,
  axonIntegrations: ["search", "agencies", "axon"] as const,
  axisAgencies: ["search", "agencies", "axis"] as const,
  hotlistGroups: ["search", "hotlist-groups"] as const,
};

export const searchQueries = {
  rekorAgencies: () => queryOptions({ queryKey: searchKeys.rekorAgencies, queryFn: getRekorAgencies }),
  axonIntegrations: () =>
    queryOptions({ queryKey: searchKeys.axonIntegrations, queryFn: getAxonIntegrations }),
  axisAgencies: () => queryOptions({ queryKey: searchKeys.axisAgencies, queryFn: getAxisAgencies }),
};

export const useRekorAgencies = () => useQuery(searchQueries.rekorAgencies());
export const useAxonIntegrations = () => useQuery(searchQueries.axonIntegrations());
export const useAxisAgencies = () => useQuery(searchQueries.axisAgencies());
