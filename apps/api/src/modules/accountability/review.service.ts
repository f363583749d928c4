import {
  REVIEW_THRESHOLDS as T,
  type TReviewFlag,
  type TReviewQuery,
  type TReviewResponse,
  type TReviewRule,
} from "@odin/contract";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import { writeAudit } from "../../lib/audit-rows.repository";
import { findAdministeredUser } from "../admin/admin.service";
import { setUserAuditor } from "../admin/users.repository";
import {
  findAgencyReviewSettings,
  findLargeExports,
  findOffHoursSearches,
  findRepeatedPlates,
  findReview,
  findReviews,
  findSearchDays,
  findSearchesWithoutCaseNumber,
  insertReview,
} from "./review.repository";

export const OWN_FLAG_MESSAGE =
  "You cannot mark a flag about your own searches or exports as reviewed: another auditor or an admin must.";

/** The longest window the screen offers: a flag must still be raised to be marked. */
const MAX_DAYS = 90;

/** A flag as the rules find it, before the reviews are joined. */
interface RawFlag {
  key: string;
  rule: TReviewRule;
  /** The sentence the review screen shows. */
  reason: string;
  user: string;
  /** Whose searches or export the flag is about: they may not mark it reviewed (F19). */
  userId: number | null;
  occurredAt: Date;
  plate: string | null;
}

/**
 * The five supervisor-review rules (issue 23 item 2) over one agency's audit rows of the last `days`
 * days, each one query of review.repository.ts, as flags with the sentence that says why, newest
 * first. Hours and days are the agency's wall clock. The thresholds are REVIEW_THRESHOLDS, stated on
 * the screen.
 */
async function agencyFlags(prisma: Database, agencyId: number, days: number): Promise<RawFlag[]> {
  const { timeZone, requireCaseNumber } = await findAgencyReviewSettings(prisma, agencyId);
  const flags: RawFlag[] = [];

  if (requireCaseNumber) {
    for (const row of await findSearchesWithoutCaseNumber(prisma, agencyId, days)) {
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
  for (const row of await findSearchDays(prisma, agencyId, timeZone, days)) {
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

  for (const row of await findRepeatedPlates(prisma, agencyId, days)) {
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
  for (const row of await findOffHoursSearches(prisma, agencyId, timeZone, days)) {
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

  for (const row of await findLargeExports(prisma, agencyId, days)) {
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

/**
 * GET /review/flags: the caller's agency's flags of the last `days` days, newest first, each with
 * its review when one was made. A user of no agency (the owner) has none: reviews are an agency's.
 */
export async function listReviewFlags(
  prisma: Database,
  actor: Actor,
  query: TReviewQuery,
): Promise<TReviewResponse> {
  const agencyId = actor.user.agencyId;
  if (agencyId === null) return { days: query.days, flags: [] };
  const flags = await agencyFlags(prisma, agencyId, query.days);
  const reviews = await findReviews(
    prisma,
    agencyId,
    flags.map((flag) => flag.key),
  );
  const byKey = new Map(reviews.map((review) => [review.flagKey, review]));
  return {
    days: query.days,
    flags: flags.map((flag): TReviewFlag => {
      const review = byKey.get(flag.key);
      return {
        key: flag.key,
        rule: flag.rule,
        reason: flag.reason,
        user: flag.user,
        occurred_at: flag.occurredAt.toISOString(),
        plate: flag.plate,
        reviewed: review
          ? { by: review.reviewer, at: review.reviewedAt.toISOString(), note: review.note }
          : null,
      };
    }),
  };
}

/** POST /review/flags/reviewed: one raised flag of the caller's agency, once; audited with the note. */
export async function markFlagReviewed(
  prisma: Database,
  actor: Actor,
  body: { key: string; note: string },
): Promise<NonNullable<TReviewFlag["reviewed"]>> {
  const agencyId = actor.user.agencyId;
  const flag =
    agencyId === null
      ? undefined
      : (await agencyFlags(prisma, agencyId, MAX_DAYS)).find((raised) => raised.key === body.key);
  if (agencyId === null || !flag) throw new AppError("NOT_FOUND", "No such flag is raised in your agency.");
  // F19: a review is a second pair of eyes; the subject of a flag never clears it, auditor or admin.
  if (flag.userId === actor.user.id) throw new AppError("FORBIDDEN", OWN_FLAG_MESSAGE);
  const existing = await findReview(prisma, agencyId, flag.key);
  if (existing) throw new AppError("CONFLICT", `Already reviewed by ${existing.reviewer}.`);
  const review = await inTransaction(prisma, async (tx) => {
    const created = await insertReview(tx, {
      agencyId,
      flagKey: flag.key,
      rule: flag.rule,
      note: body.note,
      reviewerId: actor.user.id,
      reviewer: actor.user.username,
    });
    await writeAudit(tx, actor, {
      action: "review_marked",
      detail: { flag: flag.key, rule: flag.rule, user: flag.user, note: body.note },
    });
    return created;
  });
  return { by: review.reviewer, at: review.reviewedAt.toISOString(), note: review.note };
}

/** PUT /admin/users/{id}/auditor: the admin gives or takes the auditor flag; audited. */
export async function setAuditorFlag(
  prisma: Database,
  actor: Actor,
  userId: number,
  auditor: boolean,
): Promise<{ auditor: boolean }> {
  const user = await findAdministeredUser(prisma, actor, userId);
  if (user.auditor === auditor) return { auditor };
  await inTransaction(prisma, async (tx) => {
    await setUserAuditor(tx, user.id, auditor);
    await writeAudit(tx, actor, {
      action: "auditor_changed",
      detail: { user_id: user.id, username: user.username, auditor },
    });
  });
  return { auditor };
}
