import {
  MESSAGES,
  ZAddUserRequest,
  ZNewPassword,
  ZOwnerAddUserRequest,
  type TAddUserRequest,
} from "@odin/contract";
import { z } from "zod";
import type { User } from "@odin/db";
import type { ProvisionedAccount } from "../../identity/idp-admin/identity-admin";
import { AppError } from "../../lib/app-error";
import { inTransaction } from "../../lib/database";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { atProvider, type UserAdminDeps } from "./admin-deps";
import { findAgencyOrFail } from "./agencies.repository";
import { findNameClashes, insertUser, isUniqueViolation, updateUser } from "./users.repository";

export type NewUser = Omit<TAddUserRequest, "agency_id">;

/** Why a name cannot be given to a new user, or undefined when it is free. */
export function clashReason(
  user: Pick<NewUser, "username" | "email">,
  existing: Pick<User, "username" | "email" | "deletedAt">,
): string | undefined {
  const deleted = existing.deletedAt ? " (a deleted account keeps it for the audit trail)" : "";
  if (existing.username.toLowerCase() === user.username.toLowerCase())
    return `The username '${user.username}' is already taken${deleted}.`;
  if (existing.email === user.email) return `The e-mail '${user.email}' is already taken${deleted}.`;
  return undefined;
}

export function isReservedUsername(deps: Pick<UserAdminDeps, "ownerUsername">, username: string): boolean {
  return username.toLowerCase() === deps.ownerUsername.toLowerCase();
}

const RESERVED = "This username is reserved for the owner account.";

export const PASSWORD_NOT_TAKEN =
  "Passwords are kept by your agency's identity provider: leave the password empty. The person signs in there and is linked by e-mail at the first sign-in.";
export const SUBJECT_NOT_TAKEN =
  "Odin signs people in itself: a subject is given at the first sign-in, not by an admin. Leave it empty.";
export const SUBJECT_TAKEN = "This identity provider subject is already bound to another Odin account.";

/**
 * The add-user body as the configured sign-in takes it (issue 34): the password required (the spec's
 * rule) where Odin or Auth0 sets one, refused where the agency's provider keeps it; a subject only with
 * an external issuer. Checked with the other fields, so one answer names every problem.
 */
function signInFields(identityAdmin: Pick<UserAdminDeps["identityAdmin"], "kind" | "takesPasswords">) {
  const refused = (message: string) =>
    z
      .string()
      .optional()
      .refine((value) => !value?.trim(), message)
      .transform((): string | undefined => undefined);
  return {
    password: identityAdmin.takesPasswords ? ZNewPassword.optional() : refused(PASSWORD_NOT_TAKEN),
    idp_subject:
      identityAdmin.kind === "built-in" ? refused(SUBJECT_NOT_TAKEN) : ZAddUserRequest.shape.idp_subject,
  };
}

export function addUserBodyFor(
  identityAdmin: Pick<UserAdminDeps["identityAdmin"], "kind" | "takesPasswords">,
) {
  return ZAddUserRequest.extend(signInFields(identityAdmin)).superRefine((user, ctx) => {
    if (identityAdmin.takesPasswords && !user.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: MESSAGES.passwordRequired });
  });
}

export function ownerAddUserBodyFor(
  identityAdmin: Pick<UserAdminDeps["identityAdmin"], "kind" | "takesPasswords">,
) {
  return ZOwnerAddUserRequest.extend(signInFields(identityAdmin)).superRefine((user, ctx) => {
    if (identityAdmin.takesPasswords && !user.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: MESSAGES.passwordRequired });
  });
}

/**
 * The password and subject rules of the configured sign-in (issue 34), as field issues: a password is
 * required where Odin (or Auth0 through it) sets one, refused where the agency's provider keeps it; a
 * subject is taken only with an external issuer.
 */
export function signInFieldIssues(
  deps: Pick<UserAdminDeps, "identityAdmin">,
  user: Pick<NewUser, "password" | "idp_subject">,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (deps.identityAdmin.takesPasswords && !user.password)
    issues.push({ path: "password", message: MESSAGES.passwordRequired });
  if (!deps.identityAdmin.takesPasswords && user.password)
    issues.push({ path: "password", message: PASSWORD_NOT_TAKEN });
  if (deps.identityAdmin.kind === "built-in" && user.idp_subject)
    issues.push({ path: "idp_subject", message: SUBJECT_NOT_TAKEN });
  return issues;
}

/**
 * Adds an approved user to `agencyId` (the admin's own agency, or the owner's choice). The account is
 * made at the identity provider first (built-in: the password hash), then the row and its audit row
 * are written together; should that fail, the provider's new account is removed again.
 *
 * Re-adding a deleted user of the same agency with the same username and e-mail restores that row,
 * so the person keeps one identity in the audit trail (see schema.prisma, User.username).
 */
export async function addUser(
  deps: UserAdminDeps,
  actor: Actor,
  input: NewUser,
  agencyId: number,
): Promise<string> {
  const fieldIssues = signInFieldIssues(deps, input);
  if (fieldIssues.length) throw new AppError("VALIDATION_FAILED", fieldIssues[0]!.message, fieldIssues);
  if (isReservedUsername(deps, input.username)) throw new AppError("CONFLICT", RESERVED);
  const clashes = await findNameClashes(deps.prisma, [input.username], [input.email]);
  const restorable = clashes.length === 1 ? clashes[0]! : undefined;
  const restoring =
    restorable?.deletedAt &&
    restorable.agencyId === agencyId &&
    restorable.username.toLowerCase() === input.username.toLowerCase() &&
    restorable.email === input.email
      ? restorable
      : undefined;
  if (!restoring && clashes.length > 0) {
    // Active accounts first: "already taken" by a live user is the likelier story.
    const [first] = [...clashes].sort((a, b) => Number(Boolean(a.deletedAt)) - Number(Boolean(b.deletedAt)));
    throw new AppError("CONFLICT", clashReason(input, first!) ?? "This user already exists.");
  }

  // A new account at an external provider is removed again should Odin's row not be written.
  const madeAtProvider: { subject: string | null } = { subject: null };
  const account: ProvisionedAccount = await atProvider(async () => {
    if (restoring?.idpSubject && !deps.identityAdmin.takesPasswords) {
      return { idpSubject: restoring.idpSubject, passwordHash: null };
    }
    if (restoring?.idpSubject && !deps.identityAdmin.odinKeepsPasswords) {
      const { passwordHash } = await deps.identityAdmin.setPassword(restoring, input.password ?? "");
      return { idpSubject: restoring.idpSubject, passwordHash };
    }
    const made = await deps.identityAdmin.createAccount(input);
    madeAtProvider.subject = made.idpSubject;
    return made;
  });

  const data = {
    username: input.username,
    name: input.name,
    email: input.email,
    role: input.role,
    agencyId,
    approved: true,
    passwordHash: account.passwordHash,
    // The admin or owner chose this password: with Odin's own provider the user replaces it at the
    // first sign-in (issue 18 item 4). An external provider's password is changed there.
    mustChangePassword: deps.identityAdmin.odinKeepsPasswords,
  };
  try {
    await inTransaction(deps.prisma, async (tx) => {
      const user = restoring
        ? await updateUser(tx, restoring.id, {
            ...data,
            idpSubject: input.idp_subject ?? account.idpSubject ?? restoring.idpSubject,
            deletedAt: null,
            tokensNotBefore: null,
            lockedAt: null,
            failedLoginCount: 0,
            firstFailedLoginAt: null,
          })
        : await insertUser(tx, { ...data, idpSubject: account.idpSubject });
      await writeAudit(tx, actor, {
        action: "user_added",
        detail: {
          user_id: user.id,
          username: user.username,
          email: user.email,
          role: user.role,
          agency_id: agencyId,
          ...(restoring ? { restored: true } : {}),
          ...(input.idp_subject ? { idp_subject: input.idp_subject } : {}),
          ...(!deps.identityAdmin.takesPasswords && !input.idp_subject
            ? { pending_first_sign_in: true }
            : {}),
        },
      });
    });
  } catch (error) {
    if (madeAtProvider.subject) await deps.identityAdmin.removeAccount(madeAtProvider.subject);
    if (isUniqueViolation(error))
      throw new AppError(
        "CONFLICT",
        input.idp_subject && JSON.stringify((error as { meta?: unknown }).meta ?? {}).includes("idp_subject")
          ? SUBJECT_TAKEN
          : "This username or e-mail was just taken.",
      );
    throw error;
  }
  return MESSAGES.userAdded;
}

/**
 * The agency a new user joins: the admin's own (naming another is refused), or for the owner, who
 * belongs to none, the agency the request names.
 */
export async function agencyForNewUser(
  deps: Pick<UserAdminDeps, "prisma">,
  actor: Actor,
  requested: number | undefined,
) {
  if (actor.isOwner && actor.user.agencyId === null) {
    if (requested === undefined) {
      throw new AppError("VALIDATION_FAILED", "Select an agency", [
        { path: "agency_id", message: "Select an agency" },
      ]);
    }
    return (await findAgencyOrFail(deps.prisma, requested)).id;
  }
  if (actor.user.agencyId === null) throw new AppError("CONFLICT", "Your account belongs to no agency.");
  if (requested !== undefined && requested !== actor.user.agencyId) {
    throw new AppError("FORBIDDEN", "Admins add users to their own agency only.");
  }
  return actor.user.agencyId;
}
