import type { Prisma, PrismaClient } from "@odin/db";

type Db = Pick<Prisma.TransactionClient, "user">;

/** A user by id (throws when there is none: the caller got the id from a row that names it). */
export function findUserById(db: Db, id: number) {
  return db.user.findUniqueOrThrow({ where: { id } });
}

/** A user by id unless deleted. */
export function findLiveUserById(db: Db, id: number) {
  return db.user.findFirst({ where: { id, deletedAt: null } });
}

/** The not-deleted account a provider subject names (oidc-provider's findAccount). */
export function findLiveUserBySubject(db: Db, subject: string) {
  return db.user.findFirst({ where: { idpSubject: subject, deletedAt: null } });
}

/** The account a sign-in form names (the username in any case), with its agency's deactivation. */
export function findSignInUser(db: Db, username: string) {
  return db.user.findFirst({
    where: { username: { equals: username.trim(), mode: "insensitive" }, deletedAt: null },
    include: { agency: { select: { deactivatedAt: true } } },
  });
}

/** A completed sign-in: the subject kept, the failure count restarted, the time noted. */
export async function markSignedIn(db: Db, userId: number, subject: string, now: Date) {
  await db.user.update({
    where: { id: userId },
    data: {
      idpSubject: subject,
      failedLoginCount: 0,
      firstFailedLoginAt: null,
      lockedAt: null, // a lock that had run out
      lastLoginAt: now,
    },
  });
}

/** A reset link that may still be used: unused, unexpired, of a not-deleted account. */
export function findValidResetToken(db: Pick<PrismaClient, "passwordResetToken">, tokenHash: string) {
  return db.passwordResetToken.findFirst({
    where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() }, user: { deletedAt: null } },
  });
}

/** Uses a reset link up by one conditional UPDATE: false when another submission used it first. */
export async function claimResetToken(db: Pick<PrismaClient, "passwordResetToken">, id: number) {
  const claimed = await db.passwordResetToken.updateMany({
    where: { id, usedAt: null },
    data: { usedAt: new Date() },
  });
  return claimed.count === 1;
}
