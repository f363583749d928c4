import { findEndpoint } from "@odin/contract";
import { callPublicEndpoint } from "@/lib/call-endpoint";

const indexCall = findEndpoint("GET", "/transparency-data");
const pageCall = findEndpoint("GET", "/transparency-data/:code");

/** GET /transparency-data: the agencies that publish a page (no sign-in). */
export const getPublishedAgencies = () => callPublicEndpoint(indexCall);

/** GET /transparency-data/{code}: one agency's page (no sign-in; 404 when it publishes none). */
export const getTransparencyPage = (code: string) => callPublicEndpoint(pageCall, { code });
