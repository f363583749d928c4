import type { PrismaClient } from "@odin/db";

type Db = Pick<PrismaClient, "retentionPolicy">;

export interface StoredPolicy {
  record: string;
  source: string;
  days: number;
}

/** An agency's own retention rows (issue 23 item 5); a slot without a row follows the default. */
export async function findRetentionPolicies(db: Db, agencyId: number): Promise<StoredPolicy[]> {
  return db.retentionPolicy.findMany({
    where: { agencyId },
    select: { record: true, source: true, days: true },
  });
}

/** Sets the slots named (null: back to the default), leaving the others as they are. */
export async function saveRetentionPolicies(
  db: Db,
  agencyId: number,
  policies: { record: string; source: string; days: number | null }[],
): Promise<void> {
  for (const { record, source, days } of policies) {
    const key = { agencyId_record_source: { agencyId, record, source } };
    if (days === null) await db.retentionPolicy.deleteMany({ where: { agencyId, record, source } });
    else
      await db.retentionPolicy.upsert({
        where: key,
        create: { agencyId, record, source, days },
        update: { days, updatedAt: new Date() },
      });
  }
}

/** The agency's read retention as the owner set it (null: DETECTION_RETENTION_DAYS applies). */
export async function findAgencyRetentionDays(db: Pick<PrismaClient, "agency">, agencyId: number) {
  const agency = await db.agency.findUniqueOrThrow({
    where: { id: agencyId },
    select: { retentionDays: true },
  });
  return agency.retentionDays;
}
