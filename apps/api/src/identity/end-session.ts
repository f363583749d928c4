import type { PrismaClient } from "@odin/db";

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
