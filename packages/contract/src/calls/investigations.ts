import { z } from "zod";
import { READ_REPLICA_LAG_HEADER, SEARCH_SOURCES_HEADER } from "../constants/app";
import type { Endpoint } from "../endpoint";
import { ZReadReplicaLagHeader, ZSearchResult, ZSearchSourcesHeader } from "../entities/detection";
import {
  ZAreaSearchRequest,
  ZCompanionsSearchRequest,
  ZPatternSearchRequest,
  ZPlacesSearchRequest,
  ZPatternSearchResponse,
  ZPlacesSearchResponse,
  ZCompanionsSearchResponse,
  ZSearchCamerasResponse,
} from "../entities/investigations";

/** The area search answers as POST /search-data does: a plain list of records, newest first. */
export const ZAreaSearchResponse = z.array(ZSearchResult);
export type TAreaSearchResponse = z.infer<typeof ZAreaSearchResponse>;

const sources = {
  [SEARCH_SOURCES_HEADER]: ZSearchSourcesHeader,
  [READ_REPLICA_LAG_HEADER]: ZReadReplicaLagHeader,
};

/** Odin's own (issue 22): investigations beyond one plate. Each writes one audit row before any work. */
export const INVESTIGATION_ENDPOINTS = [
  {
    method: "GET",
    path: "/search/cameras",
    spec: "odin",
    summary: "Cameras the caller may search by (area search's camera list)",
    response: ZSearchCamerasResponse,
  },
  {
    method: "POST",
    path: "/search/area",
    spec: "odin",
    summary: "Every read in an area (circle, polygon or cameras) and time window; writes one audit row",
    body: ZAreaSearchRequest,
    response: ZAreaSearchResponse,
    responseHeaders: sources,
  },
  {
    method: "POST",
    path: "/search/places",
    spec: "odin",
    summary: "Plates seen at several places, each in its own time window; writes one audit row",
    body: ZPlacesSearchRequest,
    response: ZPlacesSearchResponse,
    responseHeaders: sources,
  },
  {
    method: "POST",
    path: "/search/companions",
    spec: "odin",
    summary: "Plates travelling with a plate (same cameras within a gap); writes one audit row",
    body: ZCompanionsSearchRequest,
    response: ZCompanionsSearchResponse,
    responseHeaders: sources,
  },
  {
    method: "POST",
    path: "/search/pattern",
    spec: "odin",
    summary: "A plate's path, cameras and day-of-week x hour grid; writes one audit row",
    body: ZPatternSearchRequest,
    response: ZPatternSearchResponse,
    responseHeaders: sources,
  },
] as const satisfies readonly Endpoint[];
