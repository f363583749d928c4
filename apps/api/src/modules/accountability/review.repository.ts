import { REVIEW_THRESHOLDS as T } from "@odin/contract";
import { Prisma, type PrismaClient } from "@odin/db";
import { normalizedPlateSql } from "../../sources/plate-pattern";

/**
 * The five supervisor-review rules (issue 23 item 2), one query each, over one agency's audit rows of
 * the last `days` days. Hours and days are the agency's wall clock (`timeZone`). The thresholds are
 * REVIEW_THRESHOLDS, stated on the screen; the flags and their sentences are review.service.ts's.
 */

type Db = Pick<PrismaClient, "$queryRaw">;

/** The agency's searches by a person (not the system). */
const searchesOf = (agencyId: number) =>
  Prisma.sql`a.agency_id = ${agencyId} AND a.action = 'search' AND a.user_id IS NOT NULL`;
/** Audit rows of the last `days` days. */
const withinDays = (days: number) => Prisma.sql`a.created_at >= now() - make_interval(days => ${days})`;
const NO_CASE = Prisma.sql`coalesce(a.query_parameters ->> 'case_number', '') = ''`;
/** One plate however it was typed (issue 36): new rows hold it normalised, older ones upper-cased. */
const PLATE = Prisma.raw(normalizedPlateSql("a.plate"));

/** missing_case_number: each search without a case number (asked only where the agency requires one). */
export function findSearchesWithoutCaseNumber(db: Db, agencyId: number, days: number) {
  return db.$queryRaw<
    { id: bigint; user_id: number; username: string; created_at: Date; plate: string | null }[]
  >(Prisma.sql`SELECT a.id, a.user_id, a.username, a.created_at, a.plate FROM audit_logs a
        WHERE ${searchesOf(agencyId)} AND ${withinDays(days)} AND ${NO_CASE}`);
}

/**
 * volume: each day (agency time) a user searched at least REVIEW_THRESHOLDS.volumeMinimum times, with
 * the user's mean searches per day over the baseline days before it (`usual`). Grouped by the day's
 * position (3): each parameter is its own, so the day's expression written again would not be the same.
 */
export function findSearchDays(db: Db, agencyId: number, timeZone: string, days: number) {
  return db.$queryRaw<
    { user_id: number; username: string; day: string; searches: number; usual: number; last_at: Date }[]
  >(Prisma.sql`WITH days AS (
       SELECT a.user_id, max(a.username) AS username, (a.created_at AT TIME ZONE ${timeZone})::date AS day,
              count(*)::int AS searches, max(a.created_at) AS last_at
         FROM audit_logs a
        WHERE ${searchesOf(agencyId)} AND ${withinDays(days)}
        GROUP BY a.user_id, 3
       HAVING count(*) >= ${T.volumeMinimum})
     SELECT d.user_id, d.username, d.day::text AS day, d.searches, d.last_at,
            (SELECT count(*) FROM audit_logs a
              WHERE ${searchesOf(agencyId)} AND a.user_id = d.user_id
                AND (a.created_at AT TIME ZONE ${timeZone})::date >= d.day - ${T.baselineDays}::int
                AND (a.created_at AT TIME ZONE ${timeZone})::date < d.day)::float / ${T.baselineDays}::int AS usual
       FROM days d`);
}

/**
 * repeated_plate: each plate a user searched at least REVIEW_THRESHOLDS.repeatedPlate times without a
 * case number, with the last of those searches.
 */
export function findRepeatedPlates(db: Db, agencyId: number, days: number) {
  return db.$queryRaw<
    { user_id: number; username: string; plate: string; searches: number; last_id: bigint; last_at: Date }[]
  >(Prisma.sql`SELECT a.user_id, max(a.username) AS username, ${PLATE} AS plate, count(*)::int AS searches,
            max(a.id) AS last_id, max(a.created_at) AS last_at
       FROM audit_logs a
      WHERE ${searchesOf(agencyId)} AND a.plate IS NOT NULL AND ${withinDays(days)} AND ${NO_CASE}
      GROUP BY a.user_id, ${PLATE}
     HAVING count(*) >= ${T.repeatedPlate}`);
}

/**
 * off_hours: each search at an hour (agency time) with no search of the user's baseline within an
 * hour of it, where the baseline (the searches of the days before) has at least
 * REVIEW_THRESHOLDS.offHoursBaseline searches.
 */
export function findOffHoursSearches(db: Db, agencyId: number, timeZone: string, days: number) {
  return db.$queryRaw<
    {
      id: bigint;
      user_id: number;
      username: string;
      created_at: Date;
      plate: string | null;
      hour: number;
      baseline: number;
    }[]
  >(Prisma.sql`SELECT a.id, a.user_id, a.username, a.created_at, a.plate,
            extract(hour FROM a.created_at AT TIME ZONE ${timeZone})::int AS hour, b.total AS baseline
       FROM audit_logs a
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS total,
                count(*) FILTER (WHERE least(
                  abs(extract(hour FROM p.created_at AT TIME ZONE ${timeZone}) - extract(hour FROM a.created_at AT TIME ZONE ${timeZone})),
                  24 - abs(extract(hour FROM p.created_at AT TIME ZONE ${timeZone}) - extract(hour FROM a.created_at AT TIME ZONE ${timeZone}))
                ) <= 1)::int AS near
           FROM audit_logs p
          WHERE p.agency_id = a.agency_id AND p.action = 'search' AND p.user_id = a.user_id
            AND p.created_at >= a.created_at - make_interval(days => ${T.baselineDays}) AND p.created_at < a.created_at
            AND (p.created_at AT TIME ZONE ${timeZone})::date < (a.created_at AT TIME ZONE ${timeZone})::date) b
      WHERE ${searchesOf(agencyId)} AND ${withinDays(days)} AND b.total >= ${T.offHoursBaseline} AND b.near = 0`);
}

/** large_export: each export (PDF or ZIP) of at least REVIEW_THRESHOLDS.largeExport records. */
export function findLargeExports(db: Db, agencyId: number, days: number) {
  return db.$queryRaw<
    {
      id: bigint;
      user_id: number | null;
      username: string;
      created_at: Date;
      plate: string | null;
      record_count: number;
      action: string;
    }[]
  >(Prisma.sql`SELECT a.id, a.user_id, a.username, a.created_at, a.plate, a.record_count, a.action FROM audit_logs a
      WHERE a.agency_id = ${agencyId} AND a.action LIKE 'export%' AND ${withinDays(days)} AND a.record_count >= ${T.largeExport}`);
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
