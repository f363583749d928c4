import { z } from "zod";
import { ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own (issue 34 item 3): the agency's SCIM provisioning token, for its Microsoft Entra ID or
 * Okta. The SCIM 2.0 calls themselves (`/scim/v2/...`, RFC 7644) are not part of this contract: they
 * follow the RFC's shapes and answer `application/scim+json` (apps/api/src/modules/scim).
 */
export const ZScimTokenStatus = z.object({
  /** A live (not revoked) token exists for the agency. */
  exists: z.boolean(),
  created_at: z.iso.datetime({ offset: true }).nullable(),
  /** The last SCIM call made with it, to the minute; null before the first. */
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  /** What to enter as Entra ID's "Tenant URL" or Okta's "SCIM connector base URL". */
  base_url: z.string(),
});
export type TScimTokenStatus = z.infer<typeof ZScimTokenStatus>;

/** A new token, shown once: Odin keeps only its hash. */
export const ZScimTokenCreated = ZScimTokenStatus.extend({
  message: z.string(),
  token: z.string(),
});
export type TScimTokenCreated = z.infer<typeof ZScimTokenCreated>;

export const SCIM_ENDPOINTS = [
  {
    method: "GET",
    path: "/admin/scim-token",
    spec: "odin",
    summary:
      "Whether the agency has a SCIM provisioning token, when it was made and last used, and the SCIM base URL",
    response: ZScimTokenStatus,
  },
  {
    method: "POST",
    path: "/admin/scim-token",
    spec: "odin",
    summary: "Create the agency's SCIM token, or replace it (the old one is refused at once); shown once",
    response: ZScimTokenCreated,
  },
  {
    method: "DELETE",
    path: "/admin/scim-token",
    spec: "odin",
    summary: "Revoke the agency's SCIM token: provisioning calls are refused (401) until a new one is made",
    response: ZSuccessMessage,
  },
] as const satisfies readonly Endpoint[];
