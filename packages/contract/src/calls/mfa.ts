import { z } from "zod";
import { ZIdParams, ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Multi-factor sign-in (issue 18 item 5): TOTP (RFC 6238) in the built-in identity provider, 10
 * single-use recovery codes, required per agency by its admin or for everyone by the owner. All of
 * these are Odin's own calls, beside the specs' account, admin and owner calls.
 */

export const MFA_RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app, or a recovery code (spaces and dashes ignored). */
export const ZMfaCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app." })
  .trim()
  .min(6, "Enter the 6-digit code from your authenticator app.")
  .max(40);

/** GET /account/mfa: the caller's second factor. */
export const ZMfaStatus = z.object({
  enabled: z.boolean(),
  /** The caller's agency (or the owner, for everyone) requires it: it cannot be turned off. */
  required: z.boolean(),
  recovery_codes_left: z.number().int().min(0),
  /** False with an external identity provider, which does its own MFA. */
  available: z.boolean(),
});
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

/** POST /account/mfa/enrol: a new secret, not in force until a first code confirms it. */
export const ZMfaEnrolment = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL. */
  qr_code: z.string(),
});
export type TMfaEnrolment = z.infer<typeof ZMfaEnrolment>;

export const ZMfaCodeRequest = z.object({ code: ZMfaCode });
export type TMfaCodeRequest = z.infer<typeof ZMfaCodeRequest>;

/** POST /account/mfa/confirm: MFA is on; the recovery codes are shown this once. */
export const ZMfaConfirmed = z.object({
  recovery_codes: z.array(z.string()).length(MFA_RECOVERY_CODE_COUNT),
});
export type TMfaConfirmed = z.infer<typeof ZMfaConfirmed>;

/** GET/PUT /admin/mfa-policy: the admin's agency; PUT /owner/mfa-policy: every agency. */
export const ZMfaPolicy = z.object({
  /** The agency's own rule (the owner's view: always false, the owner has no agency). */
  agency_required: z.boolean(),
  /** The owner's rule for everyone. */
  all_required: z.boolean(),
});
export type TMfaPolicy = z.infer<typeof ZMfaPolicy>;
export const ZMfaPolicyRequest = z.object({ required: z.boolean() });
export type TMfaPolicyRequest = z.infer<typeof ZMfaPolicyRequest>;

export const MFA_MESSAGES = {
  enrolled: "Two-step sign-in is on.",
  disabled: "Two-step sign-in is off.",
  reset: "Two-step sign-in was reset: the user sets it up again at their next sign-in.",
  wrongCode: "That code is not valid. Enter the current code from your authenticator app.",
  required: "Your agency requires two-step sign-in: it cannot be turned off.",
  alreadyOn: "Two-step sign-in is already on.",
  noEnrolment: "Start the set-up again: no set-up is in progress.",
  external: "Your identity provider handles two-step sign-in: set it up there.",
} as const;

export const MFA_ENDPOINTS = [
  {
    method: "GET",
    path: "/account/mfa",
    spec: "odin",
    summary: "The signed-in user's two-step sign-in state",
    response: ZMfaStatus,
  },
  {
    method: "POST",
    path: "/account/mfa/enrol",
    spec: "odin",
    summary: "Start setting up an authenticator app (a new secret and its QR code)",
    response: ZMfaEnrolment,
  },
  {
    method: "POST",
    path: "/account/mfa/confirm",
    spec: "odin",
    summary: "Confirm the set-up with a first code; answers the recovery codes once",
    body: ZMfaCodeRequest,
    response: ZMfaConfirmed,
  },
  {
    method: "POST",
    path: "/account/mfa/disable",
    spec: "odin",
    summary: "Turn two-step sign-in off (a current code is needed; refused when required)",
    body: ZMfaCodeRequest,
    response: ZSuccessMessage,
  },
  {
    method: "GET",
    path: "/admin/mfa-policy",
    spec: "odin",
    summary: "Whether the admin's agency (and the owner, for all) requires two-step sign-in",
    response: ZMfaPolicy,
  },
  {
    method: "PUT",
    path: "/admin/mfa-policy",
    spec: "odin",
    summary: "Require two-step sign-in for the admin's agency, or stop requiring it",
    body: ZMfaPolicyRequest,
    response: ZMfaPolicy,
  },
  {
    method: "PUT",
    path: "/owner/mfa-policy",
    spec: "odin",
    summary: "Require two-step sign-in for every user of every agency, or stop requiring it",
    body: ZMfaPolicyRequest,
    response: ZMfaPolicy,
  },
  {
    method: "POST",
    path: "/admin/reset-mfa/:id",
    spec: "odin",
    summary: "Reset a user's two-step sign-in (an admin: their agency's users; the owner: anyone)",
    params: ZIdParams,
    response: ZSuccessMessage,
  },
] as const satisfies readonly Endpoint[];
