import { createRequire } from "node:module";
import type { PrismaClient } from "@odin/db";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// @fastify/rate-limit's own in-memory store (an LRU of counters), for the per-process guard.
const LocalStore = createRequire(import.meta.url)("@fastify/rate-limit/store/LocalStore.js") as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

/**
 * Counts one call under `key` in a window of `timeWindow` ms shared by every process
 * (`rate_limit_counters`): the calls so far in the window and the ms left of it. One statement: the
 * upsert's row lock serialises concurrent counts (no read-then-write), and a lapsed window restarts at 1.
 */
export async function countInWindow(
  prisma: PrismaClient,
  key: string,
  timeWindow: number,
): Promise<{ current: number; ttl: number }> {
  const seconds = timeWindow / 1000;
  const [row] = await prisma.$queryRaw<{ count: number; ttl: number }[]>`
    INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${seconds}::double precision))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.count + 1 END,
      window_ends_at = CASE WHEN c.window_ends_at <= now()
        THEN now() + make_interval(secs => ${seconds}::double precision) ELSE c.window_ends_at END
    RETURNING count, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl`;
  return { current: row!.count, ttl: row!.ttl };
}

/**
 * A route's rate limit counted in PostgreSQL (`rate_limit_counters`), so a guesser spreading requests
 * over several replicas still meets one limit. One statement per request: the upsert's row lock
 * serialises concurrent counts (no read-then-write), and a lapsed window restarts at 1.
 */
class DatabaseRouteStore implements FastifyRateLimitStore {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    countInWindow(this.prisma, this.prefix + key, timeWindow).then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/**
 * The store given to @fastify/rate-limit (issue 21). The global limit (RATE_LIMIT_PER_MINUTE per
 * address) stays in each process's memory: it is a guard against a runaway client, costs nothing per
 * request, and with N replicas behind a balancer allows about N times the figure. Every route with a
 * limit of its own (sign-in, password reset, first-run setup, bulk uploads: the ones that slow a
 * guesser) is counted in the database, shared by all replicas.
 */
export function sharedRateLimitStore(prisma: PrismaClient): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly local: FastifyRateLimitStore;

    constructor(options: RateLimitOptions) {
      this.local = new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.local.incr(key, callback, timeWindow, max);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, its route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ""].flat().join(",");
      return new DatabaseRouteStore(prisma, `${method} ${route?.url ?? ""}|`);
    }
  };
}
