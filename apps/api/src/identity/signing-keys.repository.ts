import type { Prisma, PrismaClient } from "@odin/db";

type Db = Pick<Prisma.TransactionClient, "oidcSigningKey">;

/** The published keys (not retired), newest first. */
export function findPublishedSigningKeys(db: Db) {
  return db.oidcSigningKey.findMany({ where: { retiredAt: null }, orderBy: { createdAt: "desc" } });
}

/**
 * Runs `create` once when no key is published, under an advisory lock: replicas starting together
 * on an empty table make one key between them (issue 21).
 */
export async function createFirstSigningKey(
  prisma: PrismaClient,
  create: (tx: Prisma.TransactionClient) => Promise<unknown>,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('odin.oidc-signing-keys'))`;
    if ((await tx.oidcSigningKey.count({ where: { retiredAt: null } })) === 0) await create(tx);
  });
}

export async function insertSigningKey(db: Db, key: Prisma.OidcSigningKeyCreateInput): Promise<void> {
  await db.oidcSigningKey.create({ data: key });
}

/** Marks every active key rotated, and retires the keys rotated before `retireBefore`. */
export async function rotateAndRetireSigningKeys(db: Db, now: Date, retireBefore: Date): Promise<void> {
  await db.oidcSigningKey.updateMany({
    where: { rotatedAt: null, retiredAt: null },
    data: { rotatedAt: now },
  });
  await db.oidcSigningKey.updateMany({
    where: { retiredAt: null, rotatedAt: { lt: retireBefore } },
    data: { retiredAt: now },
  });
}
