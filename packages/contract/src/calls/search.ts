import { z } from "zod";
import { READ_REPLICA_LAG_HEADER, SEARCH_SOURCES_HEADER } from "../constants/app";
import type { Endpoint } from "../endpoint";
import { ZAxisAgency, ZAxonAuthorizedIntegration } from "../entities/agencies";
import { ZReadReplicaLagHeader, ZSearchResult, ZSearchSourcesHeader } from "../entities/detection";
import { ZRekorApiKey } from "../entities/integrations";
import { ZSearchNextRequest, ZSearchRequest } from "../entities/search-request";

/**
 * POST /search-data answers a plain array, newest first, because existing clients read it as a list;
 * how each source fared travels in the `x-odin-sources` header.
 */
export const ZSearchResponse = z.array(ZSearchResult);
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/**
 * GET /api-keys-data serves two screens: the search form reads {id, agency} (000), the Rekor
 * integration page reads the whole masked key (001). One answer, sorted by agency, fits both.
 */
export const ZApiKeysDataResponse = z.array(ZRekorApiKey);
export type TApiKeysDataResponse = z.infer<typeof ZApiKeysDataResponse>;

export const ZAxonAuthorizedIntegrationsResponse = z.array(ZAxonAuthorizedIntegration);
export type TAxonAuthorizedIntegrationsResponse = z.infer<typeof ZAxonAuthorizedIntegrationsResponse>;

export const ZAxisAuthorizedAgenciesResponse = z.array(ZAxisAgency);
export type TAxisAuthorizedAgenciesResponse = z.infer<typeof ZAxisAuthorizedAgenciesResponse>;

export const SEARCH_ENDPOINTS = [
  {
    method: "POST",
    path: "/search-data",
    spec: "000",
    summary: "Federated search of the selected sources; writes one audit row",
    body: ZSearchRequest,
    response: ZSearchResponse,
    responseHeaders: {
      [SEARCH_SOURCES_HEADER]: ZSearchSourcesHeader,
      [READ_REPLICA_LAG_HEADER]: ZReadReplicaLagHeader,
    },
  },
  {
    method: "POST",
    path: "/search-data/next",
    spec: "odin",
    summary:
      "The next page of a paged search (page_size): the same body and the x-odin-next-page cursor; no audit row of its own (the cursor names the search's)",
    body: ZSearchNextRequest,
    response: ZSearchResponse,
    responseHeaders: {
      [SEARCH_SOURCES_HEADER]: ZSearchSourcesHeader,
      [READ_REPLICA_LAG_HEADER]: ZReadReplicaLagHeader,
    },
  },
  {
    method: "GET",
    path: "/api-keys-data",
    spec: "both",
    summary: "Rekor agencies the caller may search, with their masked keys",
    response: ZApiKeysDataResponse,
  },
  {
    method: "GET",
    path: "/axon-authorized-integrations",
    spec: "000",
    summary: "Axon integrations the caller may search",
    response: ZAxonAuthorizedIntegrationsResponse,
  },
  {
    method: "GET",
    path: "/axis-authorized-agencies",
    spec: "000",
    summary: "Axis (RAVEN) agencies and their integration identifiers the caller may search",
    response: ZAxisAuthorizedAgenciesResponse,
  },
] as const satisfies readonly Endpoint[];
