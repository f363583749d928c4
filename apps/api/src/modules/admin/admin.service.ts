import type { PrismaClient } from "@odin/db";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import type { AuthContext } from "../../plugins/auth";
import { writeAudit } from "../audit/audit.repository";

/**
 * A user the caller may administer: any user for the owner, otherwise a user of the caller's own
 * agency. Anyone else's user is "not found", so ids of other agencies reveal nothing.
 */
export async function findAdministeredUser(prisma: PrismaClient, auth: AuthContext, userId: number) {
  const user = await prisma.user.findFirst({
    where: { id: userId, deletedAt: null, ...(auth.isOwner ? {} : { agencyId: auth.user.agencyId ?? -1 }) },
  });
  if (!user) throw new AppError("NOT_FOUND", "User not found.");
  return user;
}

/** Clears a sign-in lockout (5 failures in 15 minutes), with its audit row in the same transaction. */
export async function unlockUser(
  prisma: PrismaClient,
  request: FastifyRequest,
  auth: AuthContext,
  userId: number,
) {
  const user = await findAdministeredUser(prisma, auth, userId);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { lockedAt: null, failedLoginCount: 0, firstFailedLoginAt: null },
    });
    await writeAudit(tx, request, auth, {
      action: "user_unlocked",
      detail: { user_id: user.id, username: user.username },
    });
  });
  return `${user.username} can sign in again.`;
}
