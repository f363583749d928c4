import type { LegalHold, Prisma } from "@odin/db";

type Db = Pick<Prisma.TransactionClient, "legalHold">;

/** The agency's holds, active first, newest first. */
export function findLegalHolds(db: Db, agencyId: number): Promise<LegalHold[]> {
  return db.legalHold.findMany({
    where: { agencyId },
    orderBy: [{ releasedAt: { sort: "desc", nulls: "first" } }, { placedAt: "desc" }],
  });
}

/** Places a hold; a second active hold of the same case is a unique violation (P2002). */
export function insertLegalHold(db: Db, data: Prisma.LegalHoldUncheckedCreateInput): Promise<LegalHold> {
  return db.legalHold.create({ data });
}

/** Releases an active hold of the agency by one conditional UPDATE; undefined when none matched. */
export async function releaseActiveLegalHold(
  db: Db,
  agencyId: number,
  id: number,
  by: { id: number; username: string },
): Promise<LegalHold | undefined> {
  const released = await db.legalHold.updateManyAndReturn({
    where: { id, agencyId, releasedAt: null },
    data: { releasedAt: new Date(), releasedById: by.id, releasedBy: by.username },
  });
  return released[0];
}
