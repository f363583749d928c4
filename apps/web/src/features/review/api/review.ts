import { findEndpoint } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "@/lib/call-endpoint";

const flagsCall = findEndpoint("GET", "/review/flags");
const markCall = findEndpoint("POST", "/review/flags/reviewed");

/** GET /review/flags: the last 30 days' flags of the agency (issue 23). */
export const getReviewFlags = () => callEndpoint(flagsCall, { query: new URLSearchParams({ days: "30" }) });

/** POST /review/flags/reviewed: one flag marked reviewed with the auditor's note. */
export const markReviewed = (key: string, note: string) => callEndpoint(markCall, { body: { key, note } });

/** The review screen's query keys, in one place. */
export const reviewKeys = {
  all: ["review"] as const,
  flags: ["review", "flags"] as const,
};

export const reviewFlagsQuery = () => queryOptions({ queryKey: reviewKeys.flags, queryFn: getReviewFlags });
