import type { Prisma } from "@odin/db";

type Db = Pick<Prisma.TransactionClient, "passwordHistory">;

/** How many of a user's passwords are kept (and may not be set again). */
export const PASSWORD_HISTORY_DEPTH = 5;

/** The hashes of the user's last `depth` passwords, newest first. */
export async function findRecentPasswordHashes(db: Db, userId: number, depth: number): Promise<string[]> {
  const previous = await db.passwordHistory.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: depth,
    select: { passwordHash: true },
  });
  return previous.map((row) => row.passwordHash);
}

/**
 * Records a new password's hash, keeping the newest 5 (the current one included). The password it
 * replaces joins first when the history is empty (accounts from before the history existed).
 */
export async function recordPasswordHistory(
  db: Db,
  userId: number,
  passwordHash: string,
  previousHash: string | null,
): Promise<void> {
  if (previousHash && (await db.passwordHistory.count({ where: { userId } })) === 0) {
    await db.passwordHistory.create({ data: { userId, passwordHash: previousHash, createdAt: new Date(0) } });
  }
  await db.passwordHistory.create({ data: { userId, passwordHash } });
  const keep = await db.passwordHistory.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PASSWORD_HISTORY_DEPTH,
    select: { id: true },
  });
  await db.passwordHistory.deleteMany({ where: { userId, id: { notIn: keep.map((row) => row.id) } } });
}
