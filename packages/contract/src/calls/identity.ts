import { z } from "zod";
import { ZId, ZIdParams, ZRole, ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";
import { ZIdpSubject } from "../entities/users";

/**
 * Issue 34: the agency's own identity provider. Odin's own calls, beside the specs' account calls.
 *
 * POST /session/link: the web app sends the ID token of a sign-in through an external issuer (with the
 * access token as bearer, as every call). The server checks the ID token (signature, issuer, audience,
 * the same subject as the access token) and finds the person's account: one already bound to the
 * subject; else a pending account provisioned through SCIM whose external id is the subject (or Entra's
 * `oid`); else a pending account added by e-mail, when the ID token's `email` is that e-mail and
 * `email_verified` is true; else one made by the agency's mapping rules. Each outcome is audited.
 */
export const ZSessionLinkRequest = z.object({
  id_token: z.string().min(1, "The ID token is missing.").max(16_384),
});
export type TSessionLinkRequest = z.infer<typeof ZSessionLinkRequest>;

export const ZSessionLinkResponse = z.object({
  /** already: bound before; linked: bound now (by e-mail or SCIM id); created: made by a mapping rule. */
  status: z.enum(["already", "linked", "created"]),
  message: z.string(),
});
export type TSessionLinkResponse = z.infer<typeof ZSessionLinkResponse>;

/** PUT /admin/users/:id/identity: bind an account to a subject, or clear it (null) to link it again. */
export const ZSetUserIdentityRequest = z.object({ idp_subject: ZIdpSubject.nullable() });
export type TSetUserIdentityRequest = z.infer<typeof ZSetUserIdentityRequest>;

/** A claim path a rule reads: `groups`, `roles`, `realm_access.roles` (at most five segments). */
export const ZClaimPath = z
  .string()
  .trim()
  .min(1, "Name the claim, such as groups or realm_access.roles.")
  .max(200)
  .regex(
    /^[A-Za-z0-9_:/-]+(\.[A-Za-z0-9_:/-]+){0,4}$/,
    "A claim is a name such as groups, roles or realm_access.roles (letters, digits, _ : / - and dots).",
  );

/** One of the owner's mapping rules (idp_role_rules). */
export const ZIdpRoleRule = z.object({
  id: ZId,
  agency_id: ZId,
  agency_name: z.string(),
  claim: z.string(),
  value: z.string(),
  role: ZRole,
  hotlist_admin: z.boolean(),
  hotlist_viewer: z.boolean(),
  auditor: z.boolean(),
  created_at: z.string(),
});
export type TIdpRoleRule = z.infer<typeof ZIdpRoleRule>;

export const ZIdpRoleRuleInput = z.object({
  agency_id: ZId,
  claim: ZClaimPath,
  value: z.string().trim().min(1, "Enter the value the claim must hold (a group's name or id).").max(500),
  role: ZRole.default("user"),
  hotlist_admin: z.boolean().default(false),
  hotlist_viewer: z.boolean().default(false),
  auditor: z.boolean().default(false),
});
export type TIdpRoleRuleInput = z.infer<typeof ZIdpRoleRuleInput>;

export const ZIdpRoleRulesResponse = z.object({
  rules: z.array(ZIdpRoleRule),
  /** Whether sign-in goes through an external issuer (rules apply only then). */
  external_issuer: z.boolean(),
});
export type TIdpRoleRulesResponse = z.infer<typeof ZIdpRoleRulesResponse>;

export const IDENTITY_ENDPOINTS = [
  {
    method: "POST",
    path: "/session/link",
    spec: "odin",
    summary:
      "After a sign-in through the agency's identity provider: find or link the person's account (by subject, SCIM id, verified e-mail or mapping rule)",
    body: ZSessionLinkRequest,
    response: ZSessionLinkResponse,
  },
  {
    method: "PUT",
    path: "/admin/users/:id/identity",
    spec: "odin",
    summary:
      "Bind a user of the agency to an identity provider subject, or clear it so the next sign-in links again",
    params: ZIdParams,
    body: ZSetUserIdentityRequest,
    response: ZSuccessMessage,
  },
  {
    method: "GET",
    path: "/owner/idp-rules",
    spec: "odin",
    summary: "The mapping rules: an identity provider claim value gives an agency, role and hotlist flags",
    response: ZIdpRoleRulesResponse,
  },
  {
    method: "POST",
    path: "/owner/idp-rules",
    spec: "odin",
    summary: "Add a mapping rule",
    body: ZIdpRoleRuleInput,
    response: ZIdpRoleRule,
  },
  {
    method: "DELETE",
    path: "/owner/idp-rules/:id",
    spec: "odin",
    summary: "Remove a mapping rule (accounts it gave lose that access at their next token)",
    params: ZIdParams,
    response: ZSuccessMessage,
  },
] as const satisfies readonly Endpoint[];
