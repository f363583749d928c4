import {
  findEndpoint,
  parseSearchSourcesHeader,
  SEARCH_SOURCES_HEADER,
  type TSourceStatus,
} from "@odin/contract";
import { apiFetchWithHeaders, jsonRequest } from "@/lib/api-client";
import { getSearchTimeoutMs } from "@/lib/config";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "@/lib/call-endpoint";

const cameras = findEndpoint("GET", "/search/cameras");
const area = findEndpoint("POST", "/search/area");
const places = findEndpoint("POST", "/search/places");
const companions = findEndpoint("POST", "/search/companions");
const pattern = findEndpoint("POST", "/search/pattern");

/** Calls one investigation (issue 22) and reads how each source fared from x-odin-sources. */
async function post<S extends { parse: (value: unknown) => unknown }>(
  path: string,
  schema: S,
  body: unknown,
): Promise<{ data: ReturnType<S["parse"]>; statuses: TSourceStatus[] }> {
  const { data, headers } = await apiFetchWithHeaders<unknown>(
    path,
    jsonRequest("POST", body),
    getSearchTimeoutMs(),
  );
  return {
    data: schema.parse(data) as ReturnType<S["parse"]>,
    statuses: parseSearchSourcesHeader(headers.get(SEARCH_SOURCES_HEADER)),
  };
}

export const searchArea = (body: unknown) => post(area.path, area.response, body);
export const searchPlaces = (body: unknown) => post(places.path, places.response, body);
export const searchCompanions = (body: unknown) => post(companions.path, companions.response, body);
export const searchPattern = (body: unknown) => post(pattern.path, pattern.response, body);

/** GET /search/cameras: the cameras the caller may name in an area or place, and the sources that cannot list theirs. */
export const getSearchCameras = () => callEndpoint(cameras);

/** The investigations' query keys, in one place. */
export const investigationKeys = {
  all: ["investigations"] as const,
  cameras: ["investigations", "cameras"] as const,
};

/** The cameras list, shared by the tabs (asked once, each tab shows it from the cache). */
export const searchCamerasQuery = () =>
  queryOptions({ queryKey: investigationKeys.cameras, queryFn: getSearchCameras });
