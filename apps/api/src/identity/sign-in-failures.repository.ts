import type { PrismaClient } from "@odin/db";
import { writeAuditFor, type AuditSubject } from "../lib/audit-rows.repository";

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

/** Seconds until a lock runs out by itself (0 when the account is not locked). */
export function lockoutSecondsLeft(user: { lockedAt: Date | null }, now: Date, lockoutMs: number): number {
  if (!isLockedOut(user, now, lockoutMs)) return 0;
  return Math.max(1, Math.ceil((user.lockedAt!.getTime() + lockoutMs - now.getTime()) / 1000));
}

/**
 * A wrong secret given behind a session (the current password of a change, a two-step code on the
 * profile): counted toward the same lockout as the sign-in form's failures (five within 15 minutes
 * lock the account), audited as `audit` says, and `account_locked` audited when it locks (issue 36, F21).
 */
export async function countFailedSecretCheck(
  prisma: PrismaClient,
  who: AuditSubject & { userId: number },
  audit: { action: string; detail: Record<string, string | number> },
  lockoutMs: number,
  now = new Date(),
): Promise<void> {
  const { lockedNow, failedCount } = await recordFailedSignIn(prisma, who.userId, now, lockoutMs);
  await writeAuditFor(prisma, who, audit);
  if (lockedNow)
    await writeAuditFor(prisma, who, { action: "account_locked", detail: { failed_attempts: failedCount } });
}

/**
 * The sign-in form's limit per address across usernames (`SIGN_IN_FAILURES_PER_ADDRESS` failures
 * within `windowMs`, issue 36, F20): one password sprayed over many usernames from one address is
 * slowed, while each account's own lockout stays at 5. Counted in `rate_limit_counters`, so every
 * replica meets the same count; the clock is the caller's (tests inject one).
 */
export interface AddressLimit {
  max: number;
  windowMs: number;
}

const addressKey = (ip: string) => `sign-in-failures|${ip}`;

/** Seconds the address must wait before its next sign-in attempt (0: it may try now). */
export async function addressWaitSeconds(
  prisma: PrismaClient,
  ip: string,
  now: Date,
  limit: AddressLimit,
): Promise<number> {
  const rows = await prisma.$queryRaw<{ count: number; window_ends_at: Date }[]>`
    SELECT count, window_ends_at FROM rate_limit_counters WHERE key = ${addressKey(ip)}`;
  const row = rows[0];
  if (!row || row.count < limit.max || row.window_ends_at.getTime() <= now.getTime()) return 0;
  return Math.max(1, Math.ceil((row.window_ends_at.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one failed sign-in of the address in one statement (the upsert's row lock serialises
 * concurrent failures); a lapsed window restarts at 1. Answers whether this failure reached the limit.
 */
export async function recordAddressFailure(
  prisma: PrismaClient,
  ip: string,
  now: Date,
  limit: AddressLimit,
): Promise<{ reachedNow: boolean; count: number }> {
  const ends = new Date(now.getTime() + limit.windowMs);
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
    VALUES (${addressKey(ip)}, 1, ${ends}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN c.window_ends_at <= ${now}::timestamptz THEN 1 ELSE c.count + 1 END,
      window_ends_at = CASE WHEN c.window_ends_at <= ${now}::timestamptz
        THEN ${ends}::timestamptz ELSE c.window_ends_at END
    RETURNING count`;
  const count = row?.count ?? 0;
  return { reachedNow: count === limit.max, count };
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
