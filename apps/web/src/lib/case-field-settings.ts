import { findEndpoint } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "./call-endpoint";

const settings = findEndpoint("GET", "/case-fields");

/** GET /case-fields: the agency's offense categories and which case fields it requires (issue 23). */
export const getCaseFieldSettings = () => callEndpoint(settings);

/**
 * The agency's case-field settings as a query: read by every form that shows the fields, invalidated
 * by the admin's save (features/admin) so the forms follow at once.
 */
export const caseFieldSettingsQuery = queryOptions({
  queryKey: ["case-field-settings"] as const,
  queryFn: getCaseFieldSettings,
});
