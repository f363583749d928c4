import type { PrismaClient } from "@odin/db";
import type { JobDefinition } from "./scheduler";

/** Expired rows are kept this long after expiry, for support questions ("why was I signed out?"). */
const KEEP_AFTER_EXPIRY = "1 day";

/**
 * Removes rows that can no longer be used: rate-limit windows that have ended, and what the identity
 * flows leave behind: the built-in
 * provider's expired artifacts (sessions, grants, codes, tokens), Odin's expired sessions, password
 * reset links and first-run setup tokens. Revoked sessions go when they would have expired anyway
 * (a revocation only matters while the session's tokens could still be presented). Answers the rows
 * removed per table.
 */
export async function purgeExpiredRows(prisma: PrismaClient): Promise<Record<string, number>> {
  const [artifacts, sessions, resets, setup, rateLimits] = await prisma.$transaction([
    prisma.$executeRaw`
      DELETE FROM oidc_artifacts WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`
      DELETE FROM sessions WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`
      DELETE FROM password_reset_tokens WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`
      DELETE FROM setup_tokens WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`DELETE FROM rate_limit_counters WHERE window_ends_at < now()`,
  ]);
  return { artifacts, sessions, resets, setup, rateLimits };
}

export function expiredRowsPurgeJob(prisma: PrismaClient, intervalMs = 3_600_000): JobDefinition {
  return {
    name: "expired-rows-purge",
    intervalMs,
    async run() {
      const removed = await purgeExpiredRows(prisma);
      return Object.values(removed).some((count) => count > 0) ? { removed } : undefined;
    },
  };
}
