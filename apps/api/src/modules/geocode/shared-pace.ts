import type { PrismaClient } from "@odin/db";

/**
 * A pace kept in PostgreSQL, so several API replicas together start calls to a service no faster than
 * one per `intervalMs` (the public Nominatim allows one request a second per site, not per process).
 *
 * Each call reserves the next free slot with one upsert on `rate_limit_counters` (the row lock
 * serialises replicas; `window_ends_at` is the end of the last slot given), then waits for its slot.
 * A slot further away than the caller can wait is not taken. The expired-rows job removes the row
 * once its time has passed, which is the same as a free slot now.
 */
export interface SharedPace {
  /**
   * Reserves a slot at most `maxWaitMs` away: answers how long to wait for it (ms, 0 = start now),
   * or null when every slot that near is taken.
   */
  reserve(maxWaitMs: number): Promise<number | null>;
}

export function createSharedPace(prisma: PrismaClient, name: string, intervalMs: number): SharedPace {
  const key = `pace:${name}`;
  const seconds = intervalMs / 1000;
  return {
    async reserve(maxWaitMs) {
      // clock_timestamp(), not now(): now() is when the transaction began, which for a caller that
      // waited on the row lock is before the slot it is given was freed, so its wait came out longer
      // than one interval (seen: 60,011 ms for the second slot of a one-minute pace).
      const rows = await prisma.$queryRaw<{ wait_ms: number }[]>`
        INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
        VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${seconds}::double precision))
        ON CONFLICT (key) DO UPDATE SET
          count = c.count + 1,
          window_ends_at = greatest(c.window_ends_at, clock_timestamp())
            + make_interval(secs => ${seconds}::double precision)
        WHERE greatest(c.window_ends_at, clock_timestamp())
          <= clock_timestamp() + make_interval(secs => ${maxWaitMs / 1000}::double precision)
        RETURNING greatest(0, round(extract(epoch FROM
          window_ends_at - make_interval(secs => ${seconds}::double precision) - clock_timestamp()) * 1000))::int AS wait_ms`;
      return rows[0]?.wait_ms ?? null;
    },
  };
}
