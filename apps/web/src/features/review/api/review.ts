import { findEndpoint } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const flagsCall = findEndpoint("GET", "/review/flags");
const markCall = findEndpoint("POST", "/review/flags/reviewed");

/** GET /review/flags: the last 30 days' flags of the agency (issue 23). */
export const getReviewFlags = () => callEndpoint(flagsCall, { query: new URLSearchParams({ days: "30" }) });

/** POST /review/flags/reviewed: one flag marked reviewed with the auditor's note. */
export const markReviewed = (key: string, note: string) => callEndpoint(markCall, { body: { key, note } });
