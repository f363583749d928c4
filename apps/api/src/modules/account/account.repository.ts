import type { Prisma, PrismaClient } from "@odin/db";

type Db = PrismaClient | Prisma.TransactionClient;

/** Revokes a provider session (its `sid`) in Odin's rows, making the row when no API call made it. */
export async function revokeSessionRow(
  db: Db,
  session: { sid: string; userId: number; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.session.upsert({
    where: { idpSessionId: session.sid },
    create: {
      idpSessionId: session.sid,
      userId: session.userId,
      expiresAt: session.expiresAt,
      revokedAt: now,
    },
    update: { revokedAt: now },
  });
}

/** Refuses the user's tokens issued before `at`. */
export async function setTokensNotBefore(db: Db, userId: number, at: Date): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { tokensNotBefore: at } });
}

/** Stores a reset link by its hash. */
export async function insertResetToken(
  db: Db,
  link: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.passwordResetToken.create({ data: link });
}

/** Flips the user's push-alert choice in one statement; the new value, or null for no such user. */
export async function flipPushAlerts(db: Db, userId: number): Promise<boolean | null> {
  const [row] = await db.$queryRaw<{ push_alerts: boolean }[]>`
    UPDATE users SET push_alerts = NOT push_alerts, updated_at = now() WHERE id = ${userId} RETURNING push_alerts`;
  return row ? row.push_alerts : null;
}

/**
 * Sets a new password (and clears a lockout when `unlock`): answers whether the account was locked
 * before, read in the same transaction.
 */
export async function storePassword(
  tx: Prisma.TransactionClient,
  userId: number,
  passwordHash: string,
  unlock: boolean,
): Promise<{ wasLocked: boolean }> {
  const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { lockedAt: true } });
  const lockout = unlock ? { lockedAt: null, failedLoginCount: 0, firstFailedLoginAt: null } : {};
  await tx.user.update({
    where: { id: userId },
    data: { passwordHash, mustChangePassword: false, ...lockout },
  });
  return { wasLocked: before.lockedAt !== null };
}
