import type { Prisma } from "@odin/db";

type Db = Pick<Prisma.TransactionClient, "agency">;

const SELECT = { requireCaseNumber: true, requireOffenseCategory: true, offenseCategories: true } as const;

export interface CaseFieldRow {
  requireCaseNumber: boolean;
  requireOffenseCategory: boolean;
  offenseCategories: string[];
}

/** The agency's case-field requirements and offense categories (null: no such agency). */
export function findCaseFieldRow(db: Db, agencyId: number): Promise<CaseFieldRow | null> {
  return db.agency.findUnique({ where: { id: agencyId }, select: SELECT });
}

/** Sets them (inside the transaction of their audit row); returns what is stored. */
export function updateCaseFieldRow(db: Db, agencyId: number, data: CaseFieldRow): Promise<CaseFieldRow> {
  return db.agency.update({ where: { id: agencyId }, data, select: SELECT });
}
