import {
  findEndpoint,
  parseSearchSourcesHeader,
  SEARCH_NEXT_PAGE_HEADER,
  SEARCH_SOURCES_HEADER,
  type TSearchNextRequest,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { apiFetchWithHeaders, jsonRequest } from "@/lib/api-client";
import { getSearchTimeoutMs } from "@/lib/config";
import { callEndpoint } from "@/lib/call-endpoint";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SearchParams } from "../search-params";

const search = findEndpoint("POST", "/search-data");
const searchNext = findEndpoint("POST", "/search-data/next");
const rekor = findEndpoint("GET", "/api-keys-data");
const axon = findEndpoint("GET", "/axon-authorized-integrations");
const axis = findEndpoint("GET", "/axis-authorized-agencies");

export interface SearchAnswer {
  results: TSearchResult[];
  /** How each source fared (x-odin-sources); empty from a server that does not say. */
  statuses: TSourceStatus[];
  /**
   * A paged search's cursor for POST /search-data/next (x-odin-next-page, issue 21); null when this page
   * was the last, the search was not paged, or the server does not page.
   */
  nextCursor: string | null;
}

/** POST /search-data. A null or non-list answer is a failure ('Search failed.' on the form). */
export function searchDetections(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
  return askForPage(search, params, signal);
}

/**
 * POST /search-data/next (issue 21): the page after `cursor` of a paged search, sent with the search's
 * parameters exactly as first sent (page_size included). Its statuses are those of the sources this page
 * asked, each counting its results in this page.
 */
export function searchNextPage(
  params: SearchParams,
  cursor: string,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  const body: TSearchNextRequest = { ...params, cursor };
  return askForPage(searchNext, body, signal);
}

async function askForPage(
  endpoint: typeof search | typeof searchNext,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<SearchAnswer> {
  const { data, headers } = await apiFetchWithHeaders<unknown>(
    endpoint.path,
    { ...jsonRequest("POST", body), ...(signal ? { signal } : {}) },
    getSearchTimeoutMs(),
  );
  if (!Array.isArray(data)) throw new Error("the search answered no list");
  return {
    results: endpoint.response.parse(data),
    statuses: parseSearchSourcesHeader(headers.get(SEARCH_SOURCES_HEADER)),
    nextCursor: headers.get(SEARCH_NEXT_PAGE_HEADER) || null,
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
  /** A paged answer's older results on /results (with the screen's own id). */
  olderResults: ["search", "older-results"] as const,
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
