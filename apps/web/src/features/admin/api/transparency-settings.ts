import { findEndpoint, type TTransparencySettingsRequest } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const read = findEndpoint("GET", "/admin/transparency");
const save = findEndpoint("PUT", "/admin/transparency");

/** GET /admin/transparency (Odin's own, issue 23): the agency's public page settings. */
export const getTransparencySettings = () => callEndpoint(read);

/** PUT /admin/transparency: on or off, the sections shown, the policy text (audited). */
export const saveTransparencySettings = (body: TTransparencySettingsRequest) => callEndpoint(save, { body });
