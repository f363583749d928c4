import { z } from "zod";
import { checkPasswordStrength } from "../constants/password";
import { MESSAGES } from "../messages";
import { ZId, ZIdInput, ZRole, requiredText } from "../common";

/**
 * The signed-in user (000 and 001 section 3). The spec's fields are exact; name, email, is_owner and
 * push_alerts are Odin's optional extras (the owner link and the push toggle need to know them).
 */
export const ZCurrentUser = z.object({
  username: z.string(),
  role: ZRole,
  hotlist_admin: z.boolean(),
  hotlist_viewer: z.boolean(),
  approved: z.boolean(),
  agency_id: ZId.nullable(),
  name: z.string().optional(),
  email: z.string().optional(),
  is_owner: z.boolean().optional(),
  push_alerts: z.boolean().optional(),
  /** Odin's: set after the owner's reset to a temporary password; the web app sends the user to /change-password. */
  must_change_password: z.boolean().optional(),
  /** Odin's: the user signs in with a second factor (built-in provider). */
  mfa_enabled: z.boolean().optional(),
  /** Odin's (issue 23): opens the supervisor review screen. */
  auditor: z.boolean().optional(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZProfile = z.object({
  username: z.string(),
  email: z.string(),
  role: ZRole,
});
export type TProfile = z.infer<typeof ZProfile>;

/** A row of the admin user table (001 section 3). */
export const ZAdminUser = z.object({
  id: ZId,
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  department: z.string().nullable(),
  /** Odin's own (issue 18 item 5): the user signs in with a second factor; admins can reset it. */
  mfa_enabled: z.boolean().optional(),
  /** Odin's (issue 23): the auditor flag, given by the agency's admin. */
  auditor: z.boolean().optional(),
  /**
   * Odin's (issue 18): when five failed sign-ins locked the account, when the lock ends by itself
   * (ISO 8601); null when it is not locked. Unlock lifts it sooner.
   */
  locked_until: z.string().nullable().optional(),
  /**
   * Odin's (issue 34): how the account signs in through the agency's identity provider. "pending": added
   * by e-mail, linked at the person's first sign-in; "linked": bound to a subject; "managed": the
   * agency's mapping rules give its role; "deactivated": switched off (SCIM `active: false`).
   */
  sign_in: z.enum(["password", "pending", "linked", "managed", "deactivated"]).optional(),
  /** Odin's (issue 34): the identity provider's subject the account is bound to, when it is. */
  idp_subject: z.string().nullable().optional(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** How an account signs in (issue 34), in the users tables' words. */
export const SIGN_IN_LABELS: Record<NonNullable<TAdminUser["sign_in"]>, string> = {
  password: "Password",
  pending: "Waiting for first sign-in",
  linked: "Linked",
  managed: "From sign-in rules",
  deactivated: "Switched off",
};

/** A user of the owner panel: an admin-table row plus the agency, since the owner sees every agency. */
export const ZOwnerUser = ZAdminUser.extend({
  agency_id: ZId.nullable(),
  agency_name: z.string().nullable(),
});
export type TOwnerUser = z.infer<typeof ZOwnerUser>;

/** An identity provider's subject (`sub`): at most 255 characters (OIDC Core §2), no spaces around. */
export const ZIdpSubject = z
  .string()
  .trim()
  .min(1, "Enter the identity provider's subject.")
  .max(255, "A subject is at most 255 characters.");

/** A new password, held to the rules the change-password screen lists. */
export const ZNewPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(128)
  .superRefine((password, ctx) => {
    if (password === "") return;
    for (const message of checkPasswordStrength(password)) ctx.addIssue({ code: "custom", message });
  });

/**
 * The add-user payload (001 sections 3 and 5): username and name trimmed, email trimmed and
 * lower-cased, role lower-cased and "user" when absent or blank. The owner also sends agency_id.
 */
export const ZAddUserRequest = z.object({
  username: requiredText(MESSAGES.usernameRequired, 100),
  name: requiredText(MESSAGES.nameRequired, 200),
  email: z
    .string({ error: MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: MESSAGES.emailInvalid }).max(254)),
  /**
   * Required while Odin (or Auth0 through it) keeps passwords. Odin's (issue 34): with an external issuer
   * that Odin does not administer (IDP_ADMIN=none) it is left out: the person signs in with the agency's
   * identity provider and is linked at the first sign-in.
   */
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(ZNewPassword.optional()),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .transform((role) => role || "user")
    .pipe(ZRole)
    .default("user"),
  agency_id: ZIdInput.optional(),
  /**
   * Odin's (issue 34): the identity provider's subject (`sub`) to bind the account to at once, instead
   * of linking it by verified e-mail at the first sign-in. External issuers only.
   */
  idp_subject: z
    .string()
    .optional()
    .transform((value) => (value?.trim() === "" ? undefined : value))
    .pipe(ZIdpSubject.optional()),
});
export type TAddUserRequest = z.infer<typeof ZAddUserRequest>;

/**
 * The add-user form's schema for the configured sign-in (issue 34): the password required where Odin
 * takes passwords (the spec's form), left out where the agency's identity provider keeps them.
 */
export function addUserRequestFor(passwords: boolean) {
  return passwords
    ? ZAddUserRequest.extend({ password: ZNewPassword })
    : ZAddUserRequest.extend({
        password: z
          .string()
          .optional()
          .transform((): undefined => undefined),
      });
}
export type TAddUserRequestInput = z.input<typeof ZAddUserRequest>;

/** A user as the permissions screen lists them: Name, Email, Hotlist Admin, Hotlist Viewer. */
export const ZAgencyUser = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  hotlist_admin: z.boolean(),
  hotlist_viewer: z.boolean(),
});
export type TAgencyUser = z.infer<typeof ZAgencyUser>;
