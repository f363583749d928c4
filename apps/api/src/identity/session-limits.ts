import type { Database } from "../lib/database";
import { endBuiltInSession, findSession, revokeSessionBySid } from "./sessions.repository";

/**
 * Session limits (CJIS 5.5.5; issue 18 item 3, issue 36 F5), held by the server: every authenticated
 * API call of a session moves its `sessions.last_seen_at` (auth plugin, at most once per
 * activityWriteInterval). A session idle for longer than `idleMs`, or begun more than `maxMs` ago, is
 * ended (its row revoked, the built-in provider's session and grants deleted) at whichever comes first:
 * an API call with its still-valid access token (auth plugin), a refresh (built-in-provider.ts), or a
 * sign-in request carrying the provider's session cookie, as a reload of the web app sends (the
 * provider then asks for the password again, and the second factor when the user has one).
 */
export function createSessionLimits(
  prisma: Database,
  limits: { idleMs: number; maxMs: number },
  now: () => number = Date.now,
) {
  /** Why a session of this row may not go on, or null. */
  const refusalOf = (session: { revokedAt: Date | null; lastSeenAt: Date | null; createdAt: Date }) => {
    if (session.revokedAt) return "session signed out";
    if (isIdle(session, limits.idleMs, now())) return "session idle for too long";
    if (now() - session.createdAt.getTime() > limits.maxMs) return "session older than the absolute limit";
    return null;
  };
  const end = async (sid: string): Promise<void> => {
    await endBuiltInSession(prisma)(sid);
    await revokeSessionBySid(prisma, sid, new Date(now()));
  };
  return {
    refusalOf,
    /** Why the session may not be refreshed, or null. */
    async refusal(sid: string): Promise<string | null> {
      const session = await findSession(prisma, sid);
      if (!session) return null; // No API call yet: the provider's own session limits apply.
      return refusalOf(session);
    },
    /**
     * Why the built-in provider's session (read from the browser's cookie) may not sign the browser in
     * again without the password, or null. Judged by Odin's row when the session called the API, by
     * its sign-in time (`loginTs`, seconds) when it never did.
     */
    async signInRefusal(providerSession: { uid: string; loginTs?: number }): Promise<string | null> {
      const session = await findSession(prisma, providerSession.uid);
      if (session) return refusalOf(session);
      if (!providerSession.loginTs) return null;
      return now() - providerSession.loginTs * 1000 > limits.idleMs ? "session idle for too long" : null;
    },
    end,
  };
}

/** Whether a session's last recorded activity (its sign-in when none) is more than `idleMs` ago. */
export function isIdle(
  session: { lastSeenAt: Date | null; createdAt: Date },
  idleMs: number,
  now: number,
): boolean {
  return now - (session.lastSeenAt ?? session.createdAt).getTime() > idleMs;
}

/** How often one session's activity is written at most: a busy screen does not write on every call. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/**
 * The write interval for an idle limit: once a minute, or a tenth of a short limit (so a session is
 * never judged idle more than a tenth of the limit early because its last calls were not written).
 */
export function activityWriteInterval(idleMs: number): number {
  return Math.min(ACTIVITY_WRITE_INTERVAL_MS, Math.floor(idleMs / 10));
}
