import {
  modelColumns,
  Prisma,
  PREPARED_STATEMENT,
  queryPrepared,
  type PrismaClient,
  type ApiClient,
  type Session,
  type User,
} from "@odin/db";

/** The grant ids a built-in provider session holds (one per client it signed in to). */
function grantIdsOf(payload: unknown): string[] {
  const authorizations = (payload as { authorizations?: Record<string, { grantId?: string }> } | null)
    ?.authorizations;
  return Object.values(authorizations ?? {}).flatMap((entry) => (entry.grantId ? [entry.grantId] : []));
}

/**
 * Ends a built-in provider session by its uid (the tokens' `sid`): the session and every grant it
 * holds are deleted, so its refresh tokens stop working too.
 */
export function endBuiltInSession(prisma: PrismaClient) {
  return async (sid: string): Promise<void> => {
    const session = await prisma.oidcArtifact.findFirst({ where: { kind: "Session", uid: sid } });
    if (!session) return;
    const grantIds = grantIdsOf(session.payload);
    await prisma.$transaction([
      prisma.oidcArtifact.deleteMany({ where: { grantId: { in: grantIds } } }),
      prisma.oidcArtifact.deleteMany({ where: { kind: "Grant", id: { in: grantIds } } }),
      prisma.oidcArtifact.deleteMany({ where: { kind: "Session", uid: sid } }),
    ]);
  };
}

/**
 * Issue 34 item 4: a sign-out at the built-in provider (RP-initiated logout) ends the whole session,
 * whatever the provider keeps by default (it leaves an offline_access grant, and with it the refresh
 * tokens, alive after a logout). In one transaction: every artifact of the session's grants (refresh
 * tokens, codes, opaque access tokens) and the grants themselves are deleted, the provider's session
 * record too (by its id, as it may have been saved under a new uid), and Odin's row of the session is
 * marked ended (sessions.revoked_at), created ended when the session never called the API, so its
 * access tokens are refused by the auth hook at their next call.
 */
export async function endSignedOutSession(
  prisma: PrismaClient,
  /** The provider's session record as it was before the sign-out (its id, uid, account and grants). */
  session: { id: string; uid: string; accountId?: string; authorizations?: unknown },
  at: Date,
): Promise<void> {
  const grantIds = grantIdsOf(session);
  const user = session.accountId
    ? await prisma.user.findFirst({ where: { idpSubject: session.accountId }, select: { id: true } })
    : null;
  await prisma.$transaction(async (tx) => {
    await tx.oidcArtifact.deleteMany({ where: { grantId: { in: grantIds } } });
    await tx.oidcArtifact.deleteMany({ where: { kind: "Grant", id: { in: grantIds } } });
    await tx.oidcArtifact.deleteMany({ where: { kind: "Session", id: session.id } });
    if (!user) return;
    // Created ended when the session never called the API; else marked ended. Two statements that an
    // API call recording the session at the same moment cannot make fail (no read-then-write).
    await tx.session.createMany({
      data: [
        {
          idpSessionId: session.uid,
          userId: user.id,
          // Access tokens live minutes; the row outlives them by a day, as other ended rows do.
          expiresAt: new Date(at.getTime() + 86_400_000),
          revokedAt: at,
        },
      ],
      skipDuplicates: true,
    });
    await tx.session.updateMany({
      where: { idpSessionId: session.uid, revokedAt: null },
      data: { revokedAt: at },
    });
  });
}

/**
 * Ends every session of a user but `keepSid` (the caller's own, on a password change; none on a reset):
 * Odin's session rows are revoked, so their access tokens are refused at once, and the built-in
 * provider's sessions and grants are deleted, so their refresh tokens stop working. Without a session
 * to keep, tokens without a `sid` are cut off too (tokensNotBefore).
 */
export async function endOtherSessions(
  prisma: PrismaClient,
  user: { id: number; idpSubject: string | null },
  keepSid: string | null,
): Promise<void> {
  const now = new Date();
  const providerSessions = user.idpSubject
    ? await prisma.oidcArtifact.findMany({
        where: { kind: "Session", payload: { path: ["accountId"], equals: user.idpSubject } },
        select: { uid: true },
      })
    : [];
  const ending = providerSessions.flatMap((row) => (row.uid && row.uid !== keepSid ? [row.uid] : []));
  const endProvider = endBuiltInSession(prisma);
  for (const sid of ending) await endProvider(sid);
  await prisma.$transaction(async (tx) => {
    await tx.session.updateMany({
      where: { userId: user.id, revokedAt: null, ...(keepSid ? { NOT: { idpSessionId: keepSid } } : {}) },
      data: { revokedAt: now },
    });
    for (const sid of ending) {
      await tx.session.upsert({
        where: { idpSessionId: sid },
        create: {
          idpSessionId: sid,
          userId: user.id,
          expiresAt: new Date(now.getTime() + 86_400_000),
          revokedAt: now,
        },
        update: { revokedAt: now },
      });
    }
    if (!keepSid) {
      // Whole seconds, as token `iat` has none (see account.service revokeSession).
      await tx.user.update({
        where: { id: user.id },
        data: { tokensNotBefore: new Date(Math.ceil(now.getTime() / 1000) * 1000) },
      });
    }
  });
}

const USER_FIELDS = Object.values(Prisma.UserScalarFieldEnum);
const SESSION_FIELDS = Object.values(Prisma.SessionScalarFieldEnum);
const CLIENT_FIELDS = Object.values(Prisma.ApiClientScalarFieldEnum);

/**
 * Every request's caller in one prepared statement (issue 42 item 0): the account a token's subject
 * names, what the auth hook checks of its agency, and Odin's row of the token's session (`sid`) if an
 * API call made one. It was three statements through Prisma (the user, its agency, the session), each a
 * round trip with Prisma's own work around it. The same rows as those three reads
 * (test/caller-lookup.test.ts compares them field by field). For an API client's account (issue 38
 * item 2), its api_clients row comes in the same statement.
 */
const CALLER_SQL: readonly string[] = [
  `${PREPARED_STATEMENT} SELECT ${modelColumns(USER_FIELDS, "u")},
  a.id AS "agency.id", a.deactivated_at AS "agency.deactivatedAt", a.mfa_required AS "agency.mfaRequired",
  ${modelColumns(SESSION_FIELDS, "s", "session.")}, ${modelColumns(CLIENT_FIELDS, "c", "client.")}
  FROM users u
  LEFT JOIN agencies a ON a.id = u.agency_id
  LEFT JOIN api_clients c ON c.user_id = u.id
  LEFT JOIN sessions s ON s.idp_session_id = `,
  ` WHERE u.idp_subject = `,
  ``,
];

export type CallerUser = User & { agency: { deactivatedAt: Date | null; mfaRequired: boolean } | null };

/**
 * Reads the caller (see CALLER_SQL): no account, undefined; no session row (or no `sid`), null; `client`
 * is the API client whose account it is, null for a person.
 */
export async function findCaller(
  prisma: PrismaClient,
  subject: string,
  sid: string | null,
): Promise<{ user: CallerUser; session: Session | null; client: ApiClient | null } | undefined> {
  const [row] = await queryPrepared<Record<string, unknown>>(prisma, Prisma.sql(CALLER_SQL, sid, subject));
  if (!row) return undefined;
  const pick = (fields: readonly string[], prefix = "") =>
    Object.fromEntries(fields.map((field) => [field, row[`${prefix}${field}`]]));
  const agency =
    row["agency.id"] === null
      ? null
      : {
          deactivatedAt: row["agency.deactivatedAt"] as Date | null,
          mfaRequired: row["agency.mfaRequired"] as boolean,
        };
  return {
    user: { ...(pick(USER_FIELDS) as User), agency },
    session: row["session.id"] === null ? null : (pick(SESSION_FIELDS, "session.") as Session),
    client: row["client.id"] === null ? null : (pick(CLIENT_FIELDS, "client.") as ApiClient),
  };
}

/** Odin's row of a provider session (its `sid`), if an API call made one. */
export function findSession(prisma: Pick<PrismaClient, "session">, sid: string) {
  return prisma.session.findUnique({ where: { idpSessionId: sid } });
}

/**
 * Records a provider session at its first API call. One INSERT … ON CONFLICT DO NOTHING: the first
 * calls of a new session arrive together, and Prisma's upsert (a read, then a write) let two of them
 * insert the same sid, one answering 500.
 */
export async function recordSession(
  prisma: PrismaClient,
  session: Prisma.SessionCreateManyInput & { idpSessionId: string },
) {
  await prisma.session.createMany({ data: [session], skipDuplicates: true });
}

/**
 * Moves a session's last activity (what an idle session is judged by) to `at`, unless it is already
 * later than `writtenSince`: one conditional statement, so calls arriving together write it once and
 * a revoked session is left alone.
 */
export async function touchSession(prisma: PrismaClient, id: string, at: Date, writtenSince: Date) {
  await prisma.session.updateMany({
    where: { id, revokedAt: null, OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: writtenSince } }] },
    data: { lastSeenAt: at },
  });
}

/** Revokes a session by its `sid` unless it already is. */
export async function revokeSessionBySid(prisma: PrismaClient, sid: string, at: Date) {
  await prisma.session.updateMany({ where: { idpSessionId: sid, revokedAt: null }, data: { revokedAt: at } });
}
