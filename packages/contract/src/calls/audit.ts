import { z } from "zod";
import { AUDIT_PAGE_SIZE } from "../constants/app";
import { optionalText } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAuditLogEntry } from "../entities/audit";
import { ZCaseNumber } from "../entities/case-fields";
import { normalizePlate } from "../plates";

/** A date filter: a calendar day from a date input or a full date-time; blank means unset. */
const dateFilter = z
  .union([z.iso.date(), z.iso.datetime({ offset: true, local: true }), z.literal("")])
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * The actions the audit screen's filter offers (Odin's own), with their labels. Rows of other
 * actions exist too (hotlist and camera changes, ...); the API filters on any action name.
 */
export const AUDIT_ACTIONS = [
  { value: "search", label: "Search" },
  { value: "export_pdf", label: "PDF export" },
  { value: "export_zip", label: "ZIP export" },
  { value: "sign_in", label: "Sign-in" },
  { value: "sign_in_failed", label: "Failed sign-in" },
  { value: "account_locked", label: "Account locked" },
  { value: "sign_in_address_limited", label: "Sign-ins from one address held back" },
  { value: "user_unlocked", label: "Account unlocked" },
  { value: "sign_out", label: "Sign-out" },
  { value: "password_changed", label: "Password changed" },
  { value: "password_change_failed", label: "Password change: wrong current password" },
  { value: "password_reset_requested", label: "Password reset requested" },
  { value: "password_reset", label: "Password reset (link)" },
  { value: "reset_sent", label: "Password reset sent by an admin" },
  { value: "password_reset_by_owner", label: "Password reset by the owner" },
  { value: "mfa_enrolled", label: "Two-step sign-in set up" },
  { value: "mfa_disabled", label: "Two-step sign-in turned off" },
  { value: "mfa_code_failed", label: "Two-step code wrong (profile)" },
  { value: "mfa_recovery_code_used", label: "Recovery code used" },
  { value: "mfa_reset", label: "Two-step sign-in reset" },
  { value: "mfa_policy_changed", label: "Two-step sign-in requirement changed" },
  { value: "role_changed", label: "Role change" },
  { value: "user_added", label: "User added" },
  { value: "user_deleted", label: "User deleted" },
  { value: "identity_linked", label: "Sign-in linked to an account" },
  { value: "identity_link_refused", label: "Sign-in refused: no account linked" },
  { value: "identity_set", label: "Identity provider subject set or cleared" },
  { value: "user_provisioned_by_rule", label: "Account made by a mapping rule" },
  { value: "user_changed_by_rule", label: "Account changed by a mapping rule" },
  { value: "idp_rule_added", label: "Mapping rule added" },
  { value: "idp_rule_removed", label: "Mapping rule removed" },
  { value: "api_key_added", label: "Rekor key added" },
  { value: "api_key_deleted", label: "Rekor key deleted" },
  { value: "axon_integration_changed", label: "Axon integration changed" },
  { value: "axis_integration_created", label: "RAVEN integration added" },
  { value: "axis_integration_deleted", label: "RAVEN integration deleted" },
  { value: "blacklist_changed", label: "Sharing blacklist changed" },
  { value: "case_fields_changed", label: "Case-field settings changed" },
  { value: "auditor_changed", label: "Auditor flag changed" },
  { value: "review_marked", label: "Review flag marked reviewed" },
  { value: "audit_exported", label: "Audit log exported (CSV)" },
  { value: "transparency_changed", label: "Transparency page settings changed" },
  { value: "retention_changed", label: "Retention policy changed" },
  { value: "legal_hold_placed", label: "Legal hold placed" },
  { value: "legal_hold_released", label: "Legal hold released" },
  // Issue 34 item 3: SCIM provisioning by the agency's Entra ID or Okta, and its token
  { value: "scim_user_created", label: "SCIM: user provisioned" },
  { value: "scim_user_updated", label: "SCIM: user updated" },
  { value: "scim_user_deactivated", label: "SCIM: user deactivated" },
  { value: "scim_user_reactivated", label: "SCIM: user reactivated" },
  { value: "scim_user_deleted", label: "SCIM: user deleted" },
  { value: "scim_group_changed", label: "SCIM: group changed" },
  { value: "scim_token_created", label: "SCIM token created or replaced" },
  { value: "scim_token_revoked", label: "SCIM token revoked" },
  // Issue 38 item 2: the agency's API clients (service accounts)
  { value: "api_client_created", label: "API client created" },
  { value: "api_client_secret_rotated", label: "API client secret rotated" },
  { value: "api_client_deactivated", label: "API client switched off" },
] as const;

/** GET /admin-audit-logs-api query (001 section 7). Query strings arrive as text: page is coerced. */
export const ZAuditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  start: dateFilter,
  end: dateFilter,
  /**
   * Upper-cased as the screen sends it (001 section 5), and normalised as the audit rows hold it
   * (issue 36: `912-rz8` finds 912RZ8), so old and new clients filter alike.
   */
  plate: optionalText(20).transform((plate) => (plate ? normalizePlate(plate) || undefined : undefined)),
  /** Odin's own: only rows of this action (search, sign_in_failed, role_changed, ...). */
  /** Odin's own (issue 23): rows of this case number (whole, any case) or offense category. */
  case_number: ZCaseNumber,
  offense_category: optionalText(80),
  /** Odin's own (issue 40 item 8): rows of this user, by username (whole, any case). */
  username: optionalText(100),
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9_]*$/, "action: lower-case letters, digits and _ only")
    .optional()
    .transform((action) => (action ? action : undefined)),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/**
 * Not shown in the spec: Odin's choice. One page of AUDIT_PAGE_SIZE rows, newest first; the screen
 * disables Next when `logs` holds fewer than page_size rows.
 */
export const ZAuditLogResponse = z.object({
  logs: z.array(ZAuditLogEntry).max(AUDIT_PAGE_SIZE),
  page: z.number().int().positive(),
  page_size: z.literal(AUDIT_PAGE_SIZE),
});
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;

/** One hash chain of the audit log (an agency's rows, or the rows of no agency) as verified. */
export const ZAuditChain = z.object({
  agency_id: z.number().int().nullable(),
  agency_name: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  ok: z.boolean(),
  /** The first row that does not verify, and why; absent when the chain is whole. */
  first_broken: z
    .object({
      id: z.string(),
      chain_seq: z.string(),
      created_at: z.iso.datetime({ offset: true }),
      reason: z.string(),
    })
    .optional(),
});
export type TAuditChain = z.infer<typeof ZAuditChain>;

/** Odin's own GET /admin-audit-chain: the audit log's hash chains checked row by row (issue 17). */
export const ZAuditChainResponse = z.object({
  ok: z.boolean(),
  checked_at: z.iso.datetime({ offset: true }),
  chains: z.array(ZAuditChain),
});
export type TAuditChainResponse = z.infer<typeof ZAuditChainResponse>;

/** Odin's own GET /admin-audit-logs-export: the same filters as the screen, every matching row. */
export const ZAuditExportQuery = ZAuditLogQuery.omit({ page: true });
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuery>;

/** The most rows one audit CSV holds; a longer range is exported in parts. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

export const AUDIT_ENDPOINTS = [
  {
    method: "GET",
    path: "/admin-audit-logs-api",
    spec: "001",
    summary: "One page of the agency's audit log (admin only)",
    query: ZAuditLogQuery,
    response: ZAuditLogResponse,
  },
  {
    method: "GET",
    path: "/admin-audit-logs-export",
    spec: "odin",
    summary:
      "The audit log as CSV (formula-safe) for a date range and the screen's filters (every agency for the owner); audited",
    query: ZAuditExportQuery,
    response: "binary",
    binaryTypes: ["text/csv"],
  },
  {
    method: "GET",
    path: "/admin-audit-chain",
    spec: "odin",
    summary:
      "Checks the hash chain of the agency's audit rows (every chain for the owner); names the first broken row",
    response: ZAuditChainResponse,
  },
] as const satisfies readonly Endpoint[];
