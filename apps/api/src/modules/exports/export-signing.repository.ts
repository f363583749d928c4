import type { Prisma, PrismaClient } from "@odin/db";

type Db = Pick<PrismaClient, "exportSigningKey">;

export async function insertExportSigningKey(
  db: Db,
  key: { kid: string; privateJwkCiphertext: string; publicJwk: Prisma.InputJsonValue },
): Promise<void> {
  await db.exportSigningKey.create({ data: key });
}

export function findNewestExportSigningKey(db: Db) {
  return db.exportSigningKey.findFirst({ orderBy: { createdAt: "desc" } });
}

/** Every key, oldest first. */
export function findExportSigningKeys(db: Db) {
  return db.exportSigningKey.findMany({ orderBy: { createdAt: "asc" } });
}
