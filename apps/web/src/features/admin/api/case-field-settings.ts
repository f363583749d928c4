import { findEndpoint, type TCaseFieldSettingsRequest } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const save = findEndpoint("PUT", "/admin/case-fields");

export { getCaseFieldSettings } from "@/lib/case-field-settings";

/** PUT /admin/case-fields (Odin's own, issue 23): requirements and the offense list (empty: defaults). */
export const saveCaseFieldSettings = (body: TCaseFieldSettingsRequest) => callEndpoint(save, { body });
