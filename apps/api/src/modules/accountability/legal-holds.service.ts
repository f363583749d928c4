import { LEGAL_HOLD_EXISTS, LEGAL_HOLD_NOT_FOUND, type TLegalHold } from "@odin/contract";
import type { LegalHold } from "@odin/db";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import { writeAudit } from "../../lib/audit-rows.repository";
import { requireOwnAgency } from "../../access/tenancy";
import { isUniqueViolation } from "../admin/users.repository";
import { findLegalHolds, insertLegalHold, releaseActiveLegalHold } from "./legal-holds.repository";

function toLegalHold(hold: LegalHold): TLegalHold {
  return {
    id: hold.id,
    case_number: hold.caseNumber,
    reason: hold.reason,
    placed_by: hold.placedBy,
    placed_at: hold.placedAt.toISOString(),
    released_by: hold.releasedBy,
    released_at: hold.releasedAt?.toISOString() ?? null,
  };
}

/** GET /admin/legal-holds: the admin's agency's holds, active first, newest first. */
export async function listLegalHolds(prisma: Database, actor: Actor): Promise<{ holds: TLegalHold[] }> {
  const agencyId = requireOwnAgency(actor);
  const holds = await findLegalHolds(prisma, agencyId);
  return { holds: holds.map(toLegalHold) };
}

/**
 * POST /admin/legal-holds: one active hold per case (the partial unique index decides a race: the
 * second placement is a 409). Audited in the same transaction.
 */
export async function placeLegalHold(
  prisma: Database,
  actor: Actor,
  body: { case_number: string; reason: string },
): Promise<TLegalHold> {
  const agencyId = requireOwnAgency(actor);
  try {
    return await inTransaction(prisma, async (tx) => {
      const hold = await insertLegalHold(tx, {
        agencyId,
        caseNumber: body.case_number,
        reason: body.reason,
        placedById: actor.user.id,
        placedBy: actor.user.username,
      });
      await writeAudit(tx, actor, {
        action: "legal_hold_placed",
        detail: { hold_id: hold.id, case_number: hold.caseNumber, reason: hold.reason },
      });
      return toLegalHold(hold);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", LEGAL_HOLD_EXISTS);
    }
    throw error;
  }
}

/** POST /admin/legal-holds/{id}/release: once, by one conditional UPDATE; audited with it. */
export async function releaseLegalHold(prisma: Database, actor: Actor, id: number): Promise<TLegalHold> {
  const agencyId = requireOwnAgency(actor);
  return inTransaction(prisma, async (tx) => {
    const hold = await releaseActiveLegalHold(tx, agencyId, id, actor.user);
    if (!hold) throw new AppError("NOT_FOUND", LEGAL_HOLD_NOT_FOUND);
    await writeAudit(tx, actor, {
      action: "legal_hold_released",
      detail: { hold_id: hold.id, case_number: hold.caseNumber },
    });
    return toLegalHold(hold);
  });
}
