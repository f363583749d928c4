import { findEndpoint } from "@odin/contract";
import { callEndpoint } from "./call-endpoint";

const settings = findEndpoint("GET", "/case-fields");

/** GET /case-fields: the agency's offense categories and which case fields it requires (issue 23). */
export const getCaseFieldSettings = () => callEndpoint(settings);
