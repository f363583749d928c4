import { REVIEW_THRESHOLDS as T, type TReviewRule } from "@odin/contract";
import type { Prisma, PrismaClient } from "@odin/db";
import { normalizedPlateSql } from "../../sources/plate-pattern";

/** A flag as the rules find it, before the reviews are joined. */
export interface RawFlag {
  key: string;
  rule: TReviewRule;
  reason: string;
  user: string;
  /** Whose searches or export the flag is about: they may not mark it reviewed (F19). */
  userId: number | null;
  occurredAt: Date;
  plate: string | null;
}

type Db = Pick<PrismaClient, "$queryRawUnsafe">;

const SEARCHES = `a.agency_id = $1 AND a.action = 'search' AND a.user_id IS NOT NULL`;
const NO_CASE = `coalesce(a.query_parameters ->> 'case_number', '') = ''`;
/** One plate however it was typed (issue 36): new rows hold it normalised, older ones upper-cased. */
const PLATE = normalizedPlateSql("a.plate");

/**
 * The five supervisor-review rules (issue 23 item 2) over one agency's audit rows of the last `days`
 * days, each in one query. Hours and days are the agency's wall clock (`timeZone`). The thresholds
 * are REVIEW_THRESHOLDS, stated on the screen.
 */
export async function findReviewFlags(
  db: Db,
  agencyId: number,
  timeZone: string,
  days: number,
  requireCaseNumber: boolean,
): Promise<RawFlag[]> {
  const since = `now() - make_interval(days => $2)`;
  const flags: RawFlag[] = [];

  if (requireCaseNumber) {
    const rows = await db.$queryRawUnsafe<
      { id: bigint; user_id: number; username: string; created_at: Date; plate: string | null }[]
    >(
      `SELECT a.id, a.user_id, a.username, a.created_at, a.plate FROM audit_logs a
        WHERE ${SEARCHES} AND a.created_at >= ${since} AND ${NO_CASE}`,
      agencyId,
      days,
    );
    for (const row of rows) {
      flags.push({
        key: `missing_case_number:${row.id}`,
        rule: "missing_case_number",
        reason: "Searched without a case number; your agency requires one.",
        user: row.username,
        userId: row.user_id,
        occurredAt: row.created_at,
        plate: row.plate,
      });
    }
  }

  // A day's searches against the user's mean per day over the baseline days before it.
  const volume = await db.$queryRawUnsafe<
    { user_id: number; username: string; day: string; searches: number; usual: number; last_at: Date }[]
  >(
    `WITH days AS (
       SELECT a.user_id, max(a.username) AS username, (a.created_at AT TIME ZONE $3)::date AS day,
              count(*)::int AS searches, max(a.created_at) AS last_at
         FROM audit_logs a
        WHERE ${SEARCHES} AND a.created_at >= ${since}
        GROUP BY a.user_id, (a.created_at AT TIME ZONE $3)::date
       HAVING count(*) >= $4)
     SELECT d.user_id, d.username, d.day::text AS day, d.searches, d.last_at,
            (SELECT count(*) FROM audit_logs a
              WHERE ${SEARCHES} AND a.user_id = d.user_id
                AND (a.created_at AT TIME ZONE $3)::date >= d.day - $5::int
                AND (a.created_at AT TIME ZONE $3)::date < d.day)::float / $5 AS usual
       FROM days d`,
    agencyId,
    days,
    timeZone,
    T.volumeMinimum,
    T.baselineDays,
  );
  for (const row of volume) {
    if (row.searches < T.volumeFactor * row.usual) continue;
    flags.push({
      key: `volume:${row.user_id}:${row.day}`,
      rule: "volume",
      reason: `${row.searches} searches on ${row.day}; usually ${row.usual.toFixed(1)} a day over the ${T.baselineDays} days before.`,
      user: row.username,
      userId: row.user_id,
      occurredAt: row.last_at,
      plate: null,
    });
  }

  const repeated = await db.$queryRawUnsafe<
    { user_id: number; username: string; plate: string; searches: number; last_id: bigint; last_at: Date }[]
  >(
    `SELECT a.user_id, max(a.username) AS username, ${PLATE} AS plate, count(*)::int AS searches,
            max(a.id) AS last_id, max(a.created_at) AS last_at
       FROM audit_logs a
      WHERE ${SEARCHES} AND a.plate IS NOT NULL AND a.created_at >= ${since} AND ${NO_CASE}
      GROUP BY a.user_id, ${PLATE}
     HAVING count(*) >= $3`,
    agencyId,
    days,
    T.repeatedPlate,
  );
  for (const row of repeated) {
    flags.push({
      // The last search in the key: a plate searched again after a review is raised again.
      key: `repeated_plate:${row.user_id}:${row.plate}:${row.last_id}`,
      rule: "repeated_plate",
      reason: `${row.plate} searched ${row.searches} times in ${days} days without a case number.`,
      user: row.username,
      userId: row.user_id,
      occurredAt: row.last_at,
      plate: row.plate,
    });
  }

  // A search at an hour (agency time) with no search of the user's baseline within an hour of it.
  const offHours = await db.$queryRawUnsafe<
    {
      id: bigint;
      user_id: number;
      username: string;
      created_at: Date;
      plate: string | null;
      hour: number;
      baseline: number;
    }[]
  >(
    `SELECT a.id, a.user_id, a.username, a.created_at, a.plate,
            extract(hour FROM a.created_at AT TIME ZONE $3)::int AS hour, b.total AS baseline
       FROM audit_logs a
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS total,
                count(*) FILTER (WHERE least(
                  abs(extract(hour FROM p.created_at AT TIME ZONE $3) - extract(hour FROM a.created_at AT TIME ZONE $3)),
                  24 - abs(extract(hour FROM p.created_at AT TIME ZONE $3) - extract(hour FROM a.created_at AT TIME ZONE $3))
                ) <= 1)::int AS near
           FROM audit_logs p
          WHERE p.agency_id = a.agency_id AND p.action = 'search' AND p.user_id = a.user_id
            AND p.created_at >= a.created_at - make_interval(days => $4) AND p.created_at < a.created_at
            AND (p.created_at AT TIME ZONE $3)::date < (a.created_at AT TIME ZONE $3)::date) b
      WHERE ${SEARCHES} AND a.created_at >= ${since} AND b.total >= $5 AND b.near = 0`,
    agencyId,
    days,
    timeZone,
    T.baselineDays,
    T.offHoursBaseline,
  );
  for (const row of offHours) {
    flags.push({
      key: `off_hours:${row.id}`,
      rule: "off_hours",
      reason: `Searched at ${String(row.hour).padStart(2, "0")}:00; none of the user's ${row.baseline} searches of the ${T.baselineDays} days before were within an hour of it.`,
      user: row.username,
      userId: row.user_id,
      occurredAt: row.created_at,
      plate: row.plate,
    });
  }

  const exports = await db.$queryRawUnsafe<
    {
      id: bigint;
      user_id: number | null;
      username: string;
      created_at: Date;
      plate: string | null;
      record_count: number;
      action: string;
    }[]
  >(
    `SELECT a.id, a.user_id, a.username, a.created_at, a.plate, a.record_count, a.action FROM audit_logs a
      WHERE a.agency_id = $1 AND a.action LIKE 'export%' AND a.created_at >= ${since} AND a.record_count >= $3`,
    agencyId,
    days,
    T.largeExport,
  );
  for (const row of exports) {
    flags.push({
      key: `large_export:${row.id}`,
      rule: "large_export",
      reason: `Exported ${row.record_count} records (${row.action === "export_zip" ? "ZIP" : "PDF"}); flagged from ${T.largeExport}.`,
      user: row.username,
      userId: row.user_id,
      occurredAt: row.created_at,
      plate: row.plate,
    });
  }

  return flags.sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime());
}

/** The agency's settings the rules read: its time zone and whether it requires a case number. */
export function findAgencyReviewSettings(db: Prisma.TransactionClient, agencyId: number) {
  return db.agency.findUniqueOrThrow({
    where: { id: agencyId },
    select: { timeZone: true, requireCaseNumber: true },
  });
}

/** The reviews made of these flags in the agency. */
export function findReviews(db: Prisma.TransactionClient, agencyId: number, flagKeys: string[]) {
  return db.auditReview.findMany({ where: { agencyId, flagKey: { in: flagKeys } } });
}

/** The review of one flag in the agency, if one was made. */
export function findReview(db: Prisma.TransactionClient, agencyId: number, flagKey: string) {
  return db.auditReview.findUnique({ where: { agencyId_flagKey: { agencyId, flagKey } } });
}

/** Records a review (inside the transaction of its audit row). */
export function insertReview(db: Prisma.TransactionClient, data: Prisma.AuditReviewUncheckedCreateInput) {
  return db.auditReview.create({ data });
}
