import type { SecretBox, User } from "@odin/db";
import type { Database } from "../../lib/database";
import { writeAuditFor, type AuditSubject } from "../../lib/audit-rows.repository";
import { findLiveUserById, findUserById } from "../accounts.repository";
import { completeSignIn, SIGN_IN_MESSAGES } from "../password-sign-in";
import { DEFAULT_LOCKOUT_MS, isLockedOut, recordFailedSignIn } from "../sign-in-failures.repository";
import { confirmEnrolment, verifySecondFactor } from "./mfa.service";

export const MFA_SIGN_IN_MESSAGES = {
  wrongCode:
    "That code is not valid. Enter the current 6-digit code from your authenticator app, or an unused recovery code.",
  wrongFirstCode: "That code is not valid. Enter the 6-digit code your authenticator app shows now.",
} as const;

type Outcome<T> = ({ ok: true } & T) | { ok: false; message: string };
type From = { ip: string | null; requestId: string | null };

/** The second step of a built-in sign-in: the user proved the password and now gives a code. */
async function signInStep<T>(
  deps: { prisma: Database; secrets: SecretBox; lockoutMs?: number },
  userId: number,
  from: From,
  check: (user: User, who: AuditSubject) => Promise<T | null>,
  now = new Date(),
): Promise<Outcome<{ value: T }>> {
  const user = await findLiveUserById(deps.prisma, userId);
  // A user deleted between the password and the code is named by id in the detail: the audit trigger
  // requires a row's user id and username to be the users table's (issue 36, F16).
  const who: AuditSubject = user
    ? { userId, username: user.username, agencyId: user.agencyId, ...from }
    : { userId: null, username: "", agencyId: null, ...from };
  const refuse = async (reason: string, message: string) => {
    await writeAuditFor(deps.prisma, who, {
      action: "sign_in_failed",
      detail: user ? { reason } : { reason, user_id: userId },
    });
    return { ok: false as const, message };
  };
  // Locked meanwhile (wrong codes count like wrong passwords): the same neutral refusal as a password's.
  const lockoutMs = deps.lockoutMs ?? DEFAULT_LOCKOUT_MS;
  if (!user || isLockedOut(user, now, lockoutMs)) return refuse("account_locked", SIGN_IN_MESSAGES.invalid);
  const value = await check(user, who);
  if (value === null) {
    const { lockedNow, failedCount } = await recordFailedSignIn(deps.prisma, user.id, now, lockoutMs);
    const refused = await refuse(
      "wrong_mfa_code",
      lockedNow ? SIGN_IN_MESSAGES.invalid : MFA_SIGN_IN_MESSAGES.wrongCode,
    );
    if (lockedNow)
      await writeAuditFor(deps.prisma, who, {
        action: "account_locked",
        detail: { failed_attempts: failedCount },
      });
    return refused;
  }
  return { ok: true, value };
}

/** A TOTP or recovery code after the password; the sign-in completes when it is right. */
export async function signInWithCode(
  deps: { prisma: Database; secrets: SecretBox; builtIn?: boolean; lockoutMs?: number },
  userId: number,
  code: string,
  from: From,
): Promise<Outcome<{ method: "otp" | "recovery" }>> {
  const result = await signInStep(deps, userId, from, (user, who) =>
    verifySecondFactor({ ...deps, builtIn: true }, user, code, who),
  );
  if (!result.ok) return result;
  await completeSignIn(
    deps.prisma,
    userId,
    result.value === "otp" ? "password+otp" : "password+recovery_code",
    new Date(),
    await subjectOf(deps.prisma, userId, from),
  );
  return { ok: true, method: result.value };
}

/** The set-up required at sign-in: the first code confirms it and answers the recovery codes. */
export async function enrolAtSignIn(
  deps: { prisma: Database; secrets: SecretBox; lockoutMs?: number },
  userId: number,
  code: string,
  from: From,
): Promise<Outcome<{ codes: string[] }>> {
  const result = await signInStep(deps, userId, from, (user, who) =>
    confirmEnrolment({ ...deps, builtIn: true }, user, code, who),
  );
  if (!result.ok)
    return result.message === MFA_SIGN_IN_MESSAGES.wrongCode
      ? { ok: false, message: MFA_SIGN_IN_MESSAGES.wrongFirstCode }
      : result;
  return { ok: true, codes: result.value };
}

/** After the recovery codes were shown: the sign-in completes with the factor just set up. */
export async function finishEnrolledSignIn(prisma: Database, userId: number, from: From) {
  return completeSignIn(prisma, userId, "password+otp", new Date(), await subjectOf(prisma, userId, from));
}

async function subjectOf(prisma: Database, userId: number, from: From): Promise<AuditSubject> {
  const user = await findUserById(prisma, userId);
  return { userId, username: user.username, agencyId: user.agencyId, ...from };
}
