import type { Prisma, PrismaClient } from "@odin/db";

/**
 * Ends a built-in provider session by its uid (the tokens' `sid`): the session and every grant it
 * holds are deleted, so its refresh tokens stop working too.
 */
export function endBuiltInSession(prisma: PrismaClient) {
  return async (sid: string): Promise<void> => {
    const session = await prisma.oidcArtifact.findFirst({ where: { kind: "Session", uid: sid } });
    if (!session) return;
    const authorizations = (session.payload as { authorizations?: Record<string, { grantId?: string }> })
      .authorizations;
    const grantIds = Object.values(authorizations ?? {}).flatMap((entry) =>
      entry.grantId ? [entry.grantId] : [],
    );
    await prisma.$transaction([
      prisma.oidcArtifact.deleteMany({ where: { grantId: { in: grantIds } } }),
      prisma.oidcArtifact.deleteMany({ where: { kind: "Grant", id: { in: grantIds } } }),
      prisma.oidcArtifact.deleteMany({ where: { kind: "Session", uid: sid } }),
    ]);
  };
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

/** The account a token's subject names, with what the auth hook checks of its agency. */
export function findUserBySubject(prisma: PrismaClient, subject: string) {
  return prisma.user.findUnique({
    where: { idpSubject: subject },
    include: { agency: { select: { deactivatedAt: true, mfaRequired: true } } },
  });
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
