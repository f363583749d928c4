import { findEndpoint } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { callPublicEndpoint } from "@/lib/call-endpoint";

const indexCall = findEndpoint("GET", "/transparency-data");
const pageCall = findEndpoint("GET", "/transparency-data/:code");

/** GET /transparency-data: the agencies that publish a page (no sign-in). */
export const getPublishedAgencies = () => callPublicEndpoint(indexCall);

/** GET /transparency-data/{code}: one agency's page (no sign-in; 404 when it publishes none). */
export const getTransparencyPage = (code: string) => callPublicEndpoint(pageCall, { code });

/** The transparency pages' query keys, in one place. */
export const transparencyKeys = {
  all: ["transparency"] as const,
  index: ["transparency", "index"] as const,
  page: (code: string) => ["transparency", "page", code] as const,
};

export const transparencyQueries = {
  index: () => queryOptions({ queryKey: transparencyKeys.index, queryFn: getPublishedAgencies }),
  page: (code: string) =>
    queryOptions({ queryKey: transparencyKeys.page(code), queryFn: () => getTransparencyPage(code) }),
};
