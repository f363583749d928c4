import type { PrismaClient } from "@odin/db";

/**
 * Issue 38 item 2: what the sign-in side reads and writes of API clients (service accounts). The admin's
 * calls (create, rotate, switch off) are modules/api-clients; the auth hook reads a client with its
 * account in one statement (sessions.repository.ts, findCaller).
 */

/** A built-in client as the OpenID provider needs it to issue tokens: live, unexpired, with its secret. */
export function findIssuableClient(prisma: PrismaClient, clientId: string) {
  return prisma.apiClient.findFirst({
    where: {
      clientId,
      issuer: "built_in",
      deactivatedAt: null,
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
      agency: { deactivatedAt: null },
    },
    select: { clientId: true, name: true, secretSealed: true, scopes: true },
  });
}

/**
 * Moves a client's last use to now unless it was written within `withinMs`: one conditional statement,
 * so calls arriving together write it once.
 */
export async function touchApiClient(prisma: PrismaClient, id: number, withinMs: number): Promise<void> {
  const now = new Date();
  await prisma.apiClient.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - withinMs) } }] },
    data: { lastUsedAt: now },
  });
}
