import { checkPasswordStrength } from "@odin/contract";
import { hashToken, type User } from "@odin/db";
import type { Actor, AuthContext } from "../../access/actor";
import { claimResetToken, findUserById, findValidResetToken } from "../../identity/accounts.repository";
import { passwordPolicyProblems } from "../../identity/password-policy";
import { countFailedSecretCheck, DEFAULT_LOCKOUT_MS } from "../../identity/sign-in-failures.repository";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit-rows.repository";
import type { Database } from "../../lib/database";
import type { Mailer } from "../../mail/mailer";
import { revokeSession, sendPasswordResetLink, setPassword, togglePushAlerts } from "./account.service";

export interface AccountServiceOptions {
  database: Database;
  mailer: Mailer;
  publicUrl: string;
  /** PASSWORD_MIN_LENGTH. */
  passwordMinLength: number;
  /** LOCKOUT_MINUTES: wrong current passwords count toward the sign-in lockout. */
  lockoutMs?: number;
  builtInIdentity: boolean;
  /** Ends the built-in provider's session and refresh tokens (absent with an external provider). */
  endProviderSession?: (sid: string) => Promise<void>;
}

/** Where a reset link's request stands (the page behind the e-mailed link says which). */
export type ResetOutcome = { kind: "expired" } | { kind: "refused"; error: string } | { kind: "done" };

/**
 * What the account routes receive (issue 39 item 2): the signed-in person's session, push choice,
 * reset link and own password, and the page behind an e-mailed reset link (built-in provider).
 */
export function accountServiceFactory(options: AccountServiceOptions) {
  const { database, passwordMinLength } = options;
  const lockoutMs = options.lockoutMs ?? DEFAULT_LOCKOUT_MS;
  const findValidLink = (token: string) => findValidResetToken(database, hashToken(token));
  return {
    builtInIdentity: options.builtInIdentity,
    lockoutMs: options.lockoutMs,
    passwordMinLength,
    revokeSession: (actor: AuthContext) => revokeSession(database, actor, options.endProviderSession),
    togglePushAlerts: (user: User) => togglePushAlerts(database, user),

    /** POST /auth0/send-password-reset: audited first, then the link is mailed (or the provider asked). */
    async sendPasswordResetLink(actor: Actor): Promise<string> {
      await writeAudit(database, actor, { action: "password_reset_requested" });
      return sendPasswordResetLink(
        {
          prisma: database,
          mailer: options.mailer,
          publicUrl: options.publicUrl,
          builtIn: options.builtInIdentity,
        },
        actor.user,
      );
    },

    /**
     * POST /user/reset-password: the signed-in person's own change, with the current password. A wrong
     * one counts toward the sign-in lockout and is audited (issue 36, F21); this session stays signed in.
     */
    async changeOwnPassword(actor: Actor, body: { current_password?: string; new_password: string }) {
      const { user } = actor;
      if (!options.builtInIdentity || !user.passwordHash) {
        throw new AppError("CONFLICT", "Passwords are managed by your identity provider: change it there.");
      }
      const subject = {
        userId: user.id,
        username: user.username,
        agencyId: user.agencyId,
        ip: actor.ip,
        requestId: actor.requestId,
      };
      await setPassword({ prisma: database, passwordMinLength }, user, body.new_password, {
        change: {
          currentPassword: body.current_password,
          keepSid: actor.sessionId,
          onWrongCurrent: () =>
            countFailedSecretCheck(
              database,
              subject,
              { action: "password_change_failed", detail: { reason: "wrong_current_password" } },
              lockoutMs,
            ),
        },
        audit: { action: "password_changed", subject },
      });
    },

    /** Whether an e-mailed reset link can still be used (single use, one hour). */
    resetLinkIsValid: async (token: string) => Boolean(await findValidLink(token)),

    /**
     * A new password through an e-mailed link, typed twice: the spec's strength rules, then Odin's own (length, breached list, username, the
     * last 5) before the link is used up; the link is claimed first, so two submissions cannot both use
     * it. The link proves the mailbox, so a lockout ends too, and every session of the account ends.
     */
    async resetPasswordWithLink(
      { token, password, confirm }: { token: string; password: string; confirm: string },
      from: { ip: string; requestId: string },
    ): Promise<ResetOutcome> {
      const record = await findValidLink(token);
      if (!record) return { kind: "expired" };
      if (password !== confirm) return { kind: "refused", error: "Passwords do not match!" };
      const missing = (problems: string[]): ResetOutcome => ({
        kind: "refused",
        error: `Missing: ${problems.join(", ").toLowerCase()}.`,
      });
      const unmet = checkPasswordStrength(password);
      if (unmet.length) return missing(unmet);
      const user = await findUserById(database, record.userId);
      const problems = await passwordPolicyProblems(database, passwordMinLength, user, password);
      if (problems.length) return missing(problems);
      if (!(await claimResetToken(database, record.id))) return { kind: "expired" };
      await setPassword({ prisma: database, passwordMinLength }, user, password, {
        unlock: true,
        audit: {
          action: "password_reset",
          subject: { userId: user.id, username: user.username, agencyId: user.agencyId, ...from },
        },
      });
      return { kind: "done" };
    },
  };
}
export type AccountService = ReturnType<typeof accountServiceFactory>;
