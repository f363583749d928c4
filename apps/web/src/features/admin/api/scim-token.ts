import { findEndpoint } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "@/lib/call-endpoint";

const read = findEndpoint("GET", "/admin/scim-token");
const create = findEndpoint("POST", "/admin/scim-token");
const revoke = findEndpoint("DELETE", "/admin/scim-token");

/** GET /admin/scim-token (Odin's own, issue 34): whether the agency has a SCIM token, and the base URL. */
export const getScimToken = () => callEndpoint(read);

/** POST /admin/scim-token: a new token, answered once (the one before stops working). */
export const createScimToken = () => callEndpoint(create);

/** DELETE /admin/scim-token: provisioning calls are refused until a new token is made. */
export const revokeScimToken = () => callEndpoint(revoke);

export const scimTokenKey = ["admin", "scim-token"] as const;

export const scimTokenQuery = () => queryOptions({ queryKey: scimTokenKey, queryFn: getScimToken });
