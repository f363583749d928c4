import type { TReviewFlag, TReviewQuery, TReviewResponse } from "@odin/contract";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import { writeAudit } from "../../lib/audit-rows.repository";
import { findAdministeredUser } from "../admin/admin.service";
import { setUserAuditor } from "../admin/users.repository";
import {
  findAgencyReviewSettings,
  findReview,
  findReviewFlags,
  findReviews,
  insertReview,
  type RawFlag,
} from "./review.repository";

export const OWN_FLAG_MESSAGE =
  "You cannot mark a flag about your own searches or exports as reviewed: another auditor or an admin must.";

/** The longest window the screen offers: a flag must still be raised to be marked. */
const MAX_DAYS = 90;

async function agencyFlags(prisma: Database, agencyId: number, days: number): Promise<RawFlag[]> {
  const agency = await findAgencyReviewSettings(prisma, agencyId);
  return findReviewFlags(prisma, agencyId, agency.timeZone, days, agency.requireCaseNumber);
}

/**
 * GET /review/flags: the caller's agency's flags of the last `days` days, newest first, each with
 * its review when one was made. A user of no agency (the owner) has none: reviews are an agency's.
 */
export async function listReviewFlags(
  prisma: Database,
  auth: Actor,
  query: TReviewQuery,
): Promise<TReviewResponse> {
  const agencyId = auth.user.agencyId;
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
  auth: Actor,
  body: { key: string; note: string },
): Promise<NonNullable<TReviewFlag["reviewed"]>> {
  const agencyId = auth.user.agencyId;
  const flag =
    agencyId === null
      ? undefined
      : (await agencyFlags(prisma, agencyId, MAX_DAYS)).find((raised) => raised.key === body.key);
  if (agencyId === null || !flag) throw new AppError("NOT_FOUND", "No such flag is raised in your agency.");
  // F19: a review is a second pair of eyes; the subject of a flag never clears it, auditor or admin.
  if (flag.userId === auth.user.id) throw new AppError("FORBIDDEN", OWN_FLAG_MESSAGE);
  const existing = await findReview(prisma, agencyId, flag.key);
  if (existing) throw new AppError("CONFLICT", `Already reviewed by ${existing.reviewer}.`);
  const review = await inTransaction(prisma, async (tx) => {
    const created = await insertReview(tx, {
      agencyId,
      flagKey: flag.key,
      rule: flag.rule,
      note: body.note,
      reviewerId: auth.user.id,
      reviewer: auth.user.username,
    });
    await writeAudit(tx, auth, {
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
  auth: Actor,
  userId: number,
  auditor: boolean,
): Promise<{ auditor: boolean }> {
  const user = await findAdministeredUser(prisma, auth, userId);
  if (user.auditor === auditor) return { auditor };
  await inTransaction(prisma, async (tx) => {
    await setUserAuditor(tx, user.id, auditor);
    await writeAudit(tx, auth, {
      action: "auditor_changed",
      detail: { user_id: user.id, username: user.username, auditor },
    });
  });
  return { auditor };
}
