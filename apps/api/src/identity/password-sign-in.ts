import { MESSAGES } from "@odin/contract";
import { verifyPassword } from "@odin/db";
import type { Database } from "../lib/database";
import { writeAuditFor, type AuditSubject } from "../lib/audit-rows.repository";
import { findSignInUser, findUserById, markSignedIn } from "./accounts.repository";
import { isMfaRequired } from "./mfa/mfa.service";
import { builtInSubject } from "./built-in-provider";
import {
  addressWaitSeconds,
  DEFAULT_LOCKOUT_MS,
  isLockedOut,
  recordAddressFailure,
  recordFailedSignIn,
  type AddressLimit,
} from "./sign-in-failures.repository";

export const SIGN_IN_MESSAGES = {
  // Every refusal before the password is proven says the same, locked or unknown account alike, so the
  // page never tells which accounts exist (issue 18, finding 2); the lockout is still explained.
  invalid:
    "Invalid username or password. After several failed attempts an account is locked for a while: ask your agency's admin if you are locked out.",
  notApproved: "Your account has not been approved yet. Ask your agency's admin to approve it.",
  agencyDeactivated: MESSAGES.agencyAccessDeactivated,
  /** The address's limit across usernames (issue 36, F20): said to everyone behind it, whoever signs in. */
  tooManyFromAddress: (minutes: number) =>
    `Too many failed sign-ins from your network in a short time. Wait ${minutes} minute${minutes === 1 ? "" : "s"} ` +
    "and sign in again. If this happens at every shift change, ask your Odin administrator about the sign-in limit.",
} as const;

/**
 * `next` says what the sign-in still needs: nothing ("done"), the second factor of a user who has
 * one ("mfa"), or the set-up of one that the agency or owner requires ("enrol"). Until it is given
 * the sign-in is not complete: no session, no reset of the failure count.
 */
export type SignInResult =
  | { ok: true; subject: string; userId: number; next: "done" | "mfa" | "enrol" }
  /** `retryAfterSeconds`: refused by the address's limit before any check; the form answers 429. */
  | { ok: false; message: string; retryAfterSeconds?: number };

// Verified against when the username is unknown, so a miss costs as much time as a wrong password.
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$" + "A".repeat(86);

/**
 * Checks a username and password of the built-in provider. Five failures within 15 minutes lock the
 * account for `lockoutMs` (`LOCKOUT_MINUTES`), or until an admin, the owner or a password reset lifts
 * it; the counter restarts after a quiet 15 minutes. With `addressLimit` and an address, the
 * address's failures across all usernames are counted too: at the limit every attempt from it is
 * refused, before any check, until its window ends (issue 36, F20).
 */
export async function signInWithPassword(
  prisma: Database,
  username: string,
  password: string,
  now = new Date(),
  /** Where the attempt came from: every outcome is audited (issue 17) when given. */
  from?: { ip: string | null; requestId: string | null },
  lockoutMs = DEFAULT_LOCKOUT_MS,
  addressLimit?: AddressLimit,
): Promise<SignInResult> {
  const ip = addressLimit && addressLimit.max > 0 ? (from?.ip ?? null) : null;
  if (ip) {
    const wait = await addressWaitSeconds(prisma, ip, now, addressLimit!);
    if (wait > 0)
      return {
        ok: false,
        message: SIGN_IN_MESSAGES.tooManyFromAddress(Math.ceil(wait / 60)),
        retryAfterSeconds: wait,
      };
  }
  const user = await findSignInUser(prisma, username);
  const who: AuditSubject = {
    userId: user?.id ?? null,
    username: user?.username ?? username.trim(),
    agencyId: user?.agencyId ?? null,
    ip: from?.ip ?? null,
    requestId: from?.requestId ?? null,
  };
  const audit = (action: string, detail: Record<string, string | number>) =>
    from ? writeAuditFor(prisma, who, { action, detail }) : Promise.resolve();
  const refuse = async (reason: string, message: string): Promise<SignInResult> => {
    await audit("sign_in_failed", { reason });
    return { ok: false, message };
  };
  // A failure before the password is proven counts toward the address's limit (when it has one).
  const refuseCounted = async (reason: string): Promise<SignInResult> => {
    const refused = await refuse(reason, SIGN_IN_MESSAGES.invalid);
    if (ip) {
      const { reachedNow, count } = await recordAddressFailure(prisma, ip, now, addressLimit!);
      if (reachedNow)
        await audit("sign_in_address_limited", {
          failed_attempts: count,
          window_minutes: Math.round(addressLimit!.windowMs / 60_000),
        });
    }
    return refused;
  };
  if (!user?.passwordHash) {
    await verifyPassword(password, DUMMY_HASH);
    return refuseCounted(user ? "no_password" : "unknown_user");
  }
  const passwordMatches = await verifyPassword(password, user.passwordHash);
  // A locked account is checked after the hash, so it costs the same time as any other refusal.
  if (isLockedOut(user, now, lockoutMs)) return refuseCounted("account_locked");
  if (!passwordMatches) {
    const { lockedNow, failedCount } = await recordFailedSignIn(prisma, user.id, now, lockoutMs);
    const refused = await refuseCounted("wrong_password");
    if (lockedNow) await audit("account_locked", { failed_attempts: failedCount });
    return refused;
  }
  if (!user.approved) return refuse("not_approved", SIGN_IN_MESSAGES.notApproved);
  // Said only after the right password, so the message tells a stranger nothing about the account.
  if (user.agency?.deactivatedAt) return refuse("agency_deactivated", SIGN_IN_MESSAGES.agencyDeactivated);

  const subject = user.idpSubject ?? builtInSubject(user.id);
  if (user.mfaSecret) return { ok: true, subject, userId: user.id, next: "mfa" };
  if (await isMfaRequired(prisma, user)) return { ok: true, subject, userId: user.id, next: "enrol" };
  await completeSignIn(prisma, user.id, "password", now, from && who);
  return { ok: true, subject, userId: user.id, next: "done" };
}

/**
 * The sign-in is complete (after the password, and the second factor when there is one): the
 * failure count restarts, the subject is kept, and the audit row says how the user signed in.
 */
export async function completeSignIn(
  prisma: Database,
  userId: number,
  method: "password" | "password+otp" | "password+recovery_code",
  now = new Date(),
  who?: AuditSubject,
): Promise<string> {
  const user = await findUserById(prisma, userId);
  const subject = user.idpSubject ?? builtInSubject(user.id);
  await markSignedIn(prisma, user.id, subject, now);
  if (who) await writeAuditFor(prisma, who, { action: "sign_in", detail: { method } });
  return subject;
}
