import { z } from "zod";
import { ZIdParams } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own (issue 23 item 5): an agency's retention as policy, per kind of record and source. Reads
 * are the RAVEN reads Odin stores (Rekor and Axon reads are searched live, never stored); alerts by the
 * source of the read; the audit log as a whole, at least 365 days (CJIS). Odin keeps audit rows
 * indefinitely whatever the policy: the log is append-only and hash-chained.
 */
export const RETENTION_SLOTS = [
  { record: "reads", source: "Axis", label: "RAVEN reads and their pictures" },
  { record: "alerts", source: "Axis", label: "Alerts on RAVEN reads" },
  { record: "alerts", source: "Rekor", label: "Alerts on Rekor reads" },
  { record: "alerts", source: "Axon", label: "Alerts on Axon reads" },
  { record: "audit", source: "all", label: "Audit log" },
] as const;
export type TRetentionRecord = (typeof RETENTION_SLOTS)[number]["record"];
export type TRetentionSource = (typeof RETENTION_SLOTS)[number]["source"];

export const AUDIT_RETENTION_MINIMUM_DAYS = 365;
export const AUDIT_RETENTION_TOO_SHORT = `The audit log must be kept at least ${AUDIT_RETENTION_MINIMUM_DAYS} days (CJIS Security Policy, audit retention).`;
export const RETENTION_MAX_DAYS = 36_500;

const ZRecord = z.enum(["reads", "alerts", "audit"]);
const ZSource = z.enum(["Axis", "Rekor", "Axon", "all"]);

export const ZRetentionPolicy = z.object({
  record: ZRecord,
  source: ZSource,
  label: z.string(),
  /** The agency's own days; null: the default applies. */
  days: z.number().int().nullable(),
  /** What applies without the agency's own; null: kept indefinitely. */
  default_days: z.number().int().nullable(),
});
export type TRetentionPolicy = z.infer<typeof ZRetentionPolicy>;

export const ZRetentionSettings = z.object({ policies: z.array(ZRetentionPolicy) });
export type TRetentionSettings = z.infer<typeof ZRetentionSettings>;

export const ZRetentionRequest = z.object({
  policies: z
    .array(
      z
        .object({
          record: ZRecord,
          source: ZSource,
          days: z
            .number()
            .int("Retention is a whole number of days.")
            .min(1, "Retention is at least 1 day.")
            .max(RETENTION_MAX_DAYS, `Retention is at most ${RETENTION_MAX_DAYS} days.`)
            .nullable(),
        })
        .superRefine((policy, ctx) => {
          if (
            !RETENTION_SLOTS.some((slot) => slot.record === policy.record && slot.source === policy.source)
          ) {
            ctx.addIssue({
              code: "custom",
              path: ["source"],
              message: `Odin keeps no ${policy.record} of source ${policy.source}.`,
            });
          }
          if (
            policy.record === "audit" &&
            policy.days !== null &&
            policy.days < AUDIT_RETENTION_MINIMUM_DAYS
          ) {
            ctx.addIssue({ code: "custom", path: ["days"], message: AUDIT_RETENTION_TOO_SHORT });
          }
        }),
    )
    .max(RETENTION_SLOTS.length),
});
export type TRetentionRequest = z.input<typeof ZRetentionRequest>;

export const RETENTION_ENDPOINTS = [
  {
    method: "GET",
    path: "/admin/retention",
    spec: "odin",
    summary: "The agency's retention per record and source, with the defaults that apply without it",
    response: ZRetentionSettings,
  },
  {
    method: "PUT",
    path: "/admin/retention",
    spec: "odin",
    summary: "The agency admin sets retention per record and source (audit at least 365 days); audited",
    body: ZRetentionRequest,
    response: ZRetentionSettings,
  },
] as const satisfies readonly Endpoint[];

/** A legal hold on a case number (issue 23 item 5): the case's records outlive retention until released. */
export const ZLegalHold = z.object({
  id: z.number().int(),
  case_number: z.string(),
  reason: z.string(),
  placed_by: z.string(),
  placed_at: z.iso.datetime({ offset: true }),
  released_by: z.string().nullable(),
  released_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TLegalHold = z.infer<typeof ZLegalHold>;

export const LEGAL_HOLD_EXISTS = "This case is already on legal hold.";
export const LEGAL_HOLD_NOT_FOUND = "No active legal hold with this id in your agency.";

export const ZPlaceLegalHoldRequest = z.object({
  case_number: z
    .string({ error: "A case number is required." })
    .trim()
    .min(1, "A case number is required.")
    .max(60, "A case number is at most 60 characters.")
    .transform((value) => value.toUpperCase()),
  reason: z
    .string({ error: "A reason is required." })
    .trim()
    .min(1, "A reason is required.")
    .max(2000, "The reason is at most 2000 characters."),
});

export const LEGAL_HOLD_ENDPOINTS = [
  {
    method: "GET",
    path: "/admin/legal-holds",
    spec: "odin",
    summary: "The agency's legal holds, active first",
    response: z.object({ holds: z.array(ZLegalHold) }),
  },
  {
    method: "POST",
    path: "/admin/legal-holds",
    spec: "odin",
    summary: "Places a legal hold on a case number: its reads and alerts outlive retention; audited",
    body: ZPlaceLegalHoldRequest,
    response: ZLegalHold,
  },
  {
    method: "POST",
    path: "/admin/legal-holds/:id/release",
    spec: "odin",
    summary: "Releases a legal hold: the case's records follow retention again; audited",
    params: ZIdParams,
    response: ZLegalHold,
  },
] as const satisfies readonly Endpoint[];
