import { z } from "zod";
import { ZId, ZIdParams, ZIsoDateTime, ZNullableNumberInput, ZSuccessMessage, requiredText } from "../common";
import type { Endpoint } from "../endpoint";
import { MESSAGES } from "../messages";

/**
 * The owner manages agencies (issue 15): Odin's own calls, beside the specs' GET /agencies-data, which
 * keeps its `{ id, name }` shape. Agencies are never deleted: they are deactivated, and their users
 * cannot sign in until the owner reactivates them.
 */

export const AGENCY_DEFAULT_TIME_ZONE = "America/New_York";
/** The same bounds as DETECTION_RETENTION_DAYS, the default an agency without its own retention gets. */
export const AGENCY_RETENTION_MAX_DAYS = 3650;

/** The canonical IANA name of a zone ("america/new_york" -> "America/New_York"), or null if none. */
export function canonicalTimeZone(zone: string): string | null {
  // Offsets ("+05:00") and abbreviations are not zones an agency lives in: IANA names only.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const ZAgencyName = requiredText(MESSAGES.agencyNameRequired, 200);

/** The longest agency code (the form's maxLength reads it from ZAgencyCode). */
export const AGENCY_CODE_MAX = 10;

/**
 * Upper-cased and trimmed before it is checked, so "hpd" is HPD. A code too long stops at its length
 * check (`abort`), so it is refused once, with the same message as the pattern's.
 */
export const ZAgencyCode = z
  .string({ error: MESSAGES.agencyCodeInvalid })
  .trim()
  .toUpperCase()
  .max(AGENCY_CODE_MAX, { error: MESSAGES.agencyCodeInvalid, abort: true })
  .regex(new RegExp(`^[A-Z0-9]{2,${AGENCY_CODE_MAX}}$`), MESSAGES.agencyCodeInvalid);

export const ZTimeZoneInput = z
  .string({ error: MESSAGES.timeZoneInvalid })
  .trim()
  .transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical) return canonical;
    ctx.addIssue({ code: "custom", message: MESSAGES.timeZoneInvalid });
    return z.NEVER;
  });

/** Days, or null (blank in a form) for the installation's default. */
export const ZRetentionDaysInput = ZNullableNumberInput.pipe(
  z
    .number({ error: MESSAGES.retentionDaysInvalid })
    .int(MESSAGES.retentionDaysInvalid)
    .min(1, MESSAGES.retentionDaysInvalid)
    .max(AGENCY_RETENTION_MAX_DAYS, MESSAGES.retentionDaysInvalid)
    .nullable(),
);

export const ZAgencyCreateRequest = z.object({
  name: ZAgencyName,
  code: ZAgencyCode,
  time_zone: ZTimeZoneInput.optional().transform((zone) => zone ?? AGENCY_DEFAULT_TIME_ZONE),
  retention_days: ZRetentionDaysInput.optional().transform((days) => days ?? null),
});
export type TAgencyCreateRequest = z.input<typeof ZAgencyCreateRequest>;

/** Only the fields sent change; retention_days null goes back to the default. */
export const ZAgencyUpdateRequest = z
  .object({
    name: ZAgencyName.optional(),
    code: ZAgencyCode.optional(),
    time_zone: ZTimeZoneInput.optional(),
    retention_days: ZRetentionDaysInput.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), MESSAGES.nothingToChange);
export type TAgencyUpdateRequest = z.input<typeof ZAgencyUpdateRequest>;

/** An agency as the owner manages it. */
export const ZManagedAgency = z.object({
  id: ZId,
  name: z.string(),
  code: z.string(),
  time_zone: z.string(),
  /** Null: the installation's default (`default_retention_days`). */
  retention_days: z.number().int().nullable(),
  active: z.boolean(),
  deactivated_at: ZIsoDateTime.nullable(),
  /** Users who are not deleted, and how many of them are admins (0: the agency needs its first admin). */
  user_count: z.number().int().nonnegative(),
  admin_count: z.number().int().nonnegative(),
});
export type TManagedAgency = z.infer<typeof ZManagedAgency>;

export const ZManagedAgenciesResponse = z.object({
  agencies: z.array(ZManagedAgency),
  /** DETECTION_RETENTION_DAYS: what an agency without its own retention keeps. */
  default_retention_days: z.number().int().positive(),
});
export type TManagedAgenciesResponse = z.infer<typeof ZManagedAgenciesResponse>;

/** The confirmation of a change, with the agency as it now is. */
export const ZAgencyChangeResponse = ZSuccessMessage.extend({ agency: ZManagedAgency });
export type TAgencyChangeResponse = z.infer<typeof ZAgencyChangeResponse>;

export const OWNER_AGENCY_ENDPOINTS = [
  {
    method: "GET",
    path: "/owner/agencies",
    spec: "odin",
    summary: "Every agency with its code, zone, retention, status and user counts, for the owner",
    response: ZManagedAgenciesResponse,
  },
  {
    method: "POST",
    path: "/owner/agencies",
    spec: "odin",
    summary: "Add an agency (answers 201)",
    body: ZAgencyCreateRequest,
    response: ZAgencyChangeResponse,
  },
  {
    method: "PATCH",
    path: "/owner/agencies/:id",
    spec: "odin",
    summary: "Rename an agency or change its code, time zone or retention",
    params: ZIdParams,
    body: ZAgencyUpdateRequest,
    response: ZAgencyChangeResponse,
  },
  {
    method: "POST",
    path: "/owner/agencies/:id/deactivate",
    spec: "odin",
    summary: "Deactivate an agency: its users can no longer sign in; nothing is deleted",
    params: ZIdParams,
    response: ZAgencyChangeResponse,
  },
  {
    method: "POST",
    path: "/owner/agencies/:id/reactivate",
    spec: "odin",
    summary: "Reactivate an agency: its users can sign in again",
    params: ZIdParams,
    response: ZAgencyChangeResponse,
  },
] as const satisfies readonly Endpoint[];
