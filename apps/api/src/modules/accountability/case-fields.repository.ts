import { Prisma } from "@odin/db";

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

/**
 * findCaseFieldRow as an expression inside another statement (a search's scope, issue 42 item 0):
 * the same row as JSON with the same field names (a NULL list as Prisma gives it: empty), or null when
 * there is no such agency.
 */
export function caseFieldRowSql(agencyId: number | null): Prisma.Sql {
  return Prisma.sql`(SELECT json_build_object('requireCaseNumber', a.require_case_number,
    'requireOffenseCategory', a.require_offense_category, 'offenseCategories', coalesce(a.offense_categories, '{}'))
    FROM agencies a WHERE a.id = ${agencyId}::int)`;
}

/** Sets them (inside the transaction of their audit row); returns what is stored. */
export function updateCaseFieldRow(db: Db, agencyId: number, data: CaseFieldRow): Promise<CaseFieldRow> {
  return db.agency.update({ where: { id: agencyId }, data, select: SELECT });
}
