import type { Database } from "../../lib/database";

/**
 * How many investigations one user has running (issue 36, F17), counted in PostgreSQL so that every
 * API process sees the same count, in one statement each way (no read-then-write). The count lives in
 * `rate_limit_counters` under the user's key; a slot left taken by a process that died runs out with
 * `holdSeconds`, so a crash cannot lock a user out for longer than that.
 */
export async function takeInvestigationSlot(
  db: Database,
  userId: number,
  limit: number,
  holdSeconds: number,
): Promise<boolean> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
    VALUES (${slotKey(userId)}, 1, now() + make_interval(secs => ${holdSeconds}))
    ON CONFLICT (key) DO UPDATE
      SET count = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.count + 1 END,
          window_ends_at = now() + make_interval(secs => ${holdSeconds})
      WHERE c.window_ends_at <= now() OR c.count < ${limit}
    RETURNING c.count`;
  return rows.length > 0;
}

/** Gives the slot back (never below zero). */
export async function releaseInvestigationSlot(db: Database, userId: number): Promise<void> {
  await db.$executeRaw`
    UPDATE rate_limit_counters SET count = greatest(count - 1, 0) WHERE key = ${slotKey(userId)}`;
}

const slotKey = (userId: number) => `investigation:user:${userId}`;
