import type { Prisma, PrismaClient, RekorApiKey } from "@odin/db";

type Db = PrismaClient | Prisma.TransactionClient;

export function insertRekorKey(tx: Db, data: Prisma.RekorApiKeyUncheckedCreateInput): Promise<RekorApiKey> {
  return tx.rekorApiKey.create({ data });
}

export function insertRekorKeys(tx: Db, data: Prisma.RekorApiKeyCreateManyInput[]): Promise<RekorApiKey[]> {
  return tx.rekorApiKey.createManyAndReturn({ data });
}

/** Which of these key names the agency already has. */
export async function findTakenRekorKeyNames(
  db: Db,
  agencyId: number,
  names: string[],
): Promise<Set<string>> {
  const taken = await db.rekorApiKey.findMany({
    where: { agencyId, agencyName: { in: names } },
    select: { agencyName: true },
  });
  return new Set(taken.map((row) => row.agencyName));
}

/** A key by id, of this agency (or of any: "all", the owner). */
export function findRekorKey(db: Db, keyId: number, agency: number | "all"): Promise<RekorApiKey | null> {
  return db.rekorApiKey.findFirst({
    where: { id: keyId, ...(agency === "all" ? {} : { agencyId: agency }) },
  });
}

/** Deletes a key (its cameras go with it). */
export async function deleteRekorKey(tx: Db, id: number): Promise<void> {
  await tx.rekorApiKey.delete({ where: { id } });
}

export async function setRekorWebhookTokenHash(tx: Db, id: number, webhookTokenHash: string): Promise<void> {
  await tx.rekorApiKey.update({ where: { id }, data: { webhookTokenHash } });
}
