import type { Prisma, PrismaClient } from "@odin/db";

type Db = Pick<PrismaClient, "exportSigningKey">;

export async function insertExportSigningKey(
  db: Db,
  key: {
    kid: string;
    privateJwkCiphertext: string;
    publicJwk: Prisma.InputJsonValue;
    purpose?: string;
    agencyId?: number | null;
  },
): Promise<void> {
  await db.exportSigningKey.create({ data: key });
}

/** The newest Ed25519 seal key. */
export function findNewestExportSigningKey(db: Db) {
  return db.exportSigningKey.findFirst({ where: { purpose: "seal" }, orderBy: { createdAt: "desc" } });
}

/** The newest PDF signing key of an agency (null: the installation's). */
export function findNewestPdfSigningKey(db: Db, agencyId: number | null) {
  return db.exportSigningKey.findFirst({
    where: { purpose: "pdf", agencyId },
    orderBy: { createdAt: "desc" },
  });
}

/** Every key (of one purpose, when given), oldest first. */
export function findExportSigningKeys(db: Db, purpose?: string) {
  return db.exportSigningKey.findMany({
    where: purpose ? { purpose } : {},
    orderBy: { createdAt: "asc" },
  });
}

/** The agencies whose certificates name them. */
export function findAgenciesForExportKeys(db: Pick<PrismaClient, "agency">) {
  return db.agency.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } });
}
