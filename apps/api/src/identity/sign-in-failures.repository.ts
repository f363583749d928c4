import type { PrismaClient } from "@odin/db";

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts one failed sign-in in a single statement, so concurrent failures each count (the row lock
 * serialises them and every one re-reads the count it increments). A failure more than 15 minutes
 * after the first of the window starts a new window; the fifth within one locks the account.
 * Answers whether this failure locked it (for the audit log's account_locked row).
 */
export async function recordFailedSignIn(
  prisma: PrismaClient,
  userId: number,
  now: Date,
): Promise<{ lockedNow: boolean; failedCount: number }> {
  const windowStart = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  const rows = await prisma.$queryRaw<{ locked_now: boolean; failed_login_count: number }[]>`
    UPDATE users SET
      failed_login_count = CASE WHEN first_failed_login_at > ${windowStart}::timestamptz
        THEN failed_login_count + 1 ELSE 1 END,
      first_failed_login_at = CASE WHEN first_failed_login_at > ${windowStart}::timestamptz
        THEN first_failed_login_at ELSE ${now}::timestamptz END,
      locked_at = COALESCE(locked_at, CASE
        WHEN first_failed_login_at > ${windowStart}::timestamptz
          AND failed_login_count + 1 >= ${LOCKOUT_THRESHOLD} THEN ${now}::timestamptz END),
      updated_at = now()
    WHERE id = ${userId}
    RETURNING locked_at IS NOT DISTINCT FROM ${now}::timestamptz AS locked_now, failed_login_count`;
  return { lockedNow: rows[0]?.locked_now ?? false, failedCount: rows[0]?.failed_login_count ?? 0 };
}
