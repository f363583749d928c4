import { MESSAGES, type TCurrentUser, type TProfile } from "@odin/contract";
import { generateToken, hashPassword, hashToken, verifyPassword, type User } from "@odin/db";
import { endOtherSessions } from "../../identity/sessions.repository";
import { assertPasswordPolicy, POLICY_MESSAGES } from "../../identity/password-policy";
import { recordPasswordHistory } from "../../identity/password-history.repository";
import type { Mailer } from "../../mail/mailer";
import type { Actor, AuthContext } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import {
  flipPushAlerts,
  insertResetToken,
  revokeSessionRow,
  setTokensNotBefore,
  storePassword,
} from "./account.repository";
import { writeAudit, writeAuditFor, type AuditSubject } from "../../lib/audit-rows.repository";

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_UPDATED = "Password updated successfully";

export function toCurrentUser({ user, isOwner }: Actor): TCurrentUser {
  return {
    username: user.username,
    role: user.role,
    hotlist_admin: user.hotlistAdmin,
    auditor: user.auditor,
    hotlist_viewer: user.hotlistViewer,
    approved: user.approved,
    agency_id: user.agencyId,
    name: user.name,
    email: user.email,
    is_owner: isOwner,
    push_alerts: user.pushAlerts,
    must_change_password: user.mustChangePassword,
    mfa_enabled: user.mfaSecret !== null,
  };
}

export function toProfile({ user }: Actor): TProfile {
  return { username: user.username, email: user.email, role: user.role };
}

/**
 * POST /session/revoke: the caller's session stops working at once. Tokens naming a session (`sid`)
 * are refused from now on; tokens without one are refused when issued before now.
 * `endProviderSession` also ends the built-in provider's session and its refresh tokens.
 */
export async function revokeSession(
  prisma: Database,
  actor: AuthContext,
  endProviderSession?: (sid: string) => Promise<void>,
): Promise<void> {
  const { user, token } = actor;
  const now = new Date();
  await writeAudit(prisma, actor, { action: "sign_out", detail: { session: token.sid ?? null } });
  if (token.sid) {
    await revokeSessionRow(
      prisma,
      { sid: token.sid, userId: user.id, expiresAt: new Date(token.exp * 1000) },
      now,
    );
    await endProviderSession?.(token.sid);
  } else {
    // Whole seconds: token `iat` has no fraction, and a token issued in this same second is refused too.
    await setTokensNotBefore(prisma, user.id, new Date(Math.ceil(now.getTime() / 1000) * 1000));
  }
}

/**
 * A single-use reset link, valid for an hour, e-mailed to the user. Only its hash is stored.
 * With an external identity provider, passwords live there: the request is refused with a reason.
 */
export async function sendPasswordResetLink(
  deps: { prisma: Database; mailer: Mailer; publicUrl: string; builtIn: boolean },
  user: User,
): Promise<string> {
  if (!deps.builtIn) {
    throw new AppError("CONFLICT", "Passwords are managed by your identity provider: use its reset page.");
  }
  const token = generateToken();
  await insertResetToken(deps.prisma, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  await deps.mailer.send({
    to: user.email,
    subject: "Reset your Odin password",
    text: [
      `Hello ${user.name},`,
      "",
      "Someone (hopefully you) asked to reset the password of your Odin account " +
        `"${user.username}". Open this link within one hour to choose a new password:`,
      "",
      `${deps.publicUrl}/reset-password?token=${token}`,
      "",
      "The link works once. If you did not ask for it, ignore this message: your password stays as it is.",
    ].join("\n"),
  });
  return MESSAGES.passwordResetEmailSent;
}

/** POST /toggle-push-alerts: flips the caller's push-alert choice in one statement and answers the new value. */
export async function togglePushAlerts(prisma: Database, user: User): Promise<boolean> {
  const pushAlerts = await flipPushAlerts(prisma, user.id);
  if (pushAlerts === null) throw new AppError("NOT_FOUND", "User not found.");
  return pushAlerts;
}

export interface PasswordDeps {
  prisma: Database;
  /** PASSWORD_MIN_LENGTH (config.passwords.minLength). */
  passwordMinLength: number;
}

export interface SetPasswordOptions {
  /** A reset through the e-mailed link also lifts a sign-in lockout. */
  unlock?: boolean;
  /**
   * A change by the signed-in user: the current password must be given and right, and the session
   * making the change (its `sid`) stays signed in. Without it (a reset link) every session ends.
   */
  change?: {
    currentPassword: string | undefined;
    keepSid: string | null;
    /** Called before the refusal of a wrong current password (it counts and audits it). */
    onWrongCurrent?: () => Promise<void>;
  };
  /** Audited with the change (issue 17): who did it, from where, and how. */
  audit?: { subject: AuditSubject; action: string };
}

/**
 * Sets a user's own new password (a change on /change-password or a reset link), held to the
 * password policy (identity/password-policy.ts); the previous hash joins the history and the user's
 * other sessions end, their refresh tokens included.
 */
export async function setPassword(
  deps: PasswordDeps,
  user: Pick<User, "id" | "username" | "passwordHash" | "idpSubject">,
  newPassword: string,
  { unlock = false, change, audit }: SetPasswordOptions = {},
): Promise<void> {
  if (change) {
    if (!change.currentPassword)
      throw new AppError("VALIDATION_FAILED", POLICY_MESSAGES.currentRequired, [
        { path: "current_password", message: POLICY_MESSAGES.currentRequired },
      ]);
    if (!user.passwordHash || !(await verifyPassword(change.currentPassword, user.passwordHash))) {
      await change.onWrongCurrent?.();
      throw new AppError("VALIDATION_FAILED", POLICY_MESSAGES.currentWrong, [
        { path: "current_password", message: POLICY_MESSAGES.currentWrong },
      ]);
    }
  }
  await assertPasswordPolicy(deps.prisma, deps.passwordMinLength, user, newPassword);
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(deps.prisma, async (tx) => {
    const { wasLocked } = await storePassword(tx, user.id, passwordHash, unlock);
    await recordPasswordHistory(tx, user.id, passwordHash, user.passwordHash);
    if (audit) {
      const unlocked = unlock && wasLocked;
      await writeAuditFor(tx, audit.subject, {
        action: audit.action,
        detail: { user_id: user.id, unlocked },
      });
    }
  });
  await endOtherSessions(deps.prisma, user, change?.keepSid ?? null);
}
