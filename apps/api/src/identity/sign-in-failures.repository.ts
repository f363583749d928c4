import type { PrismaClient } from "@odin/db";

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** `LOCKOUT_MINUTES`' default: how long five failures lock an account (CJIS 5.5.3 asks at least 10). */
export const DEFAULT_LOCKOUT_MS = 30 * 60 * 1000;

/**
 * Whether an account is locked now: five failures lock it for `lockoutMs`, after which it opens by
 * itself (so five anonymous posts cannot shut an account, the owner's included, for good); an admin,
 * the owner, `odin setup --reset-owner-password` or a password reset lift it sooner.
 */
export function isLockedOut(user: { lockedAt: Date | null }, now: Date, lockoutMs: number): boolean {
  return user.lockedAt !== null && user.lockedAt.getTime() > now.getTime() - lockoutMs;
}

/**
 * Counts one failed sign-in in a single statement, so concurrent failures each count (the row lock
 * serialises them and every one re-reads the count it increments). A failure more than 15 minutes
 * after the first of the window starts a new window; the fifth within one locks the account (again,
 * when an earlier lock has run out). Answers whether this failure locked it (for the audit log's
 * account_locked row).
 */
export async function recordFailedSignIn(
  prisma: PrismaClient,
  userId: number,
  now: Date,
  lockoutMs: number,
): Promise<{ lockedNow: boolean; failedCount: number }> {
  const windowStart = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  const lockStillOn = new Date(now.getTime() - lockoutMs);
  const rows = await prisma.$queryRaw<{ locked_now: boolean; failed_login_count: number }[]>`
    UPDATE users SET
      failed_login_count = CASE WHEN first_failed_login_at > ${windowStart}::timestamptz
        THEN failed_login_count + 1 ELSE 1 END,
      first_failed_login_at = CASE WHEN first_failed_login_at > ${windowStart}::timestamptz
        THEN first_failed_login_at ELSE ${now}::timestamptz END,
      locked_at = CASE
        WHEN locked_at > ${lockStillOn}::timestamptz THEN locked_at
        WHEN first_failed_login_at > ${windowStart}::timestamptz
          AND failed_login_count + 1 >= ${LOCKOUT_THRESHOLD} THEN ${now}::timestamptz END,
      updated_at = now()
    WHERE id = ${userId}
    RETURNING locked_at IS NOT DISTINCT FROM ${now}::timestamptz AS locked_now, failed_login_count`;
  return { lockedNow: rows[0]?.locked_now ?? false, failedCount: rows[0]?.failed_login_count ?? 0 };
}
