import type { Database } from "../lib/database";
import { endBuiltInSession, findSession, revokeSessionBySid } from "./sessions.repository";

/**
 * Session limits (CJIS 5.5.5; issue 18 item 3), kept server-side: every authenticated API call of a
 * session moves its `sessions.last_seen_at` (auth plugin); a refresh of a session idle for longer
 * than `idleMs`, or begun more than `maxMs` ago, is refused and the session ended.
 */
export function createSessionLimits(
  prisma: Database,
  limits: { idleMs: number; maxMs: number },
  now: () => number = Date.now,
) {
  return {
    /** Why the session may not be refreshed, or null. */
    async refusal(sid: string): Promise<string | null> {
      const session = await findSession(prisma, sid);
      if (!session) return null; // No API call yet: the provider's own session limits apply.
      if (session.revokedAt) return "session signed out";
      const lastActivity = (session.lastSeenAt ?? session.createdAt).getTime();
      if (now() - lastActivity > limits.idleMs) return "session idle for too long";
      if (now() - session.createdAt.getTime() > limits.maxMs) return "session older than the absolute limit";
      return null;
    },
    async end(sid: string): Promise<void> {
      await endBuiltInSession(prisma)(sid);
      await revokeSessionBySid(prisma, sid, new Date(now()));
    },
  };
}

/** How often one session's activity is written at most: a busy screen does not write on every call. */
export const ACTIVITY_WRITE_INTERVAL_MS = 30_000;
