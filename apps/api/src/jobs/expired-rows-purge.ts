import type { Database } from "../lib/database";
import { deleteExpiredRows } from "./retention.repository";
import type { JobDefinition } from "./scheduler";

/**
 * Removes rows that can no longer be used: rate-limit windows that have ended, and what the identity
 * flows leave behind: the built-in
 * provider's expired artifacts (sessions, grants, codes, tokens), Odin's expired sessions, password
 * reset links and first-run setup tokens. Revoked sessions go when they would have expired anyway
 * (a revocation only matters while the session's tokens could still be presented). Answers the rows
 * removed per table.
 */
export function purgeExpiredRows(prisma: Database): Promise<Record<string, number>> {
  return deleteExpiredRows(prisma);
}

export function expiredRowsPurgeJob(prisma: Database, intervalMs = 3_600_000): JobDefinition {
  return {
    name: "expired-rows-purge",
    intervalMs,
    async run() {
      const removed = await purgeExpiredRows(prisma);
      return Object.values(removed).some((count) => count > 0) ? { removed } : undefined;
    },
  };
}
