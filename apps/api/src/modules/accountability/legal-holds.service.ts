import { LEGAL_HOLD_EXISTS, LEGAL_HOLD_NOT_FOUND, type TLegalHold } from "@odin/contract";
import { Prisma, type LegalHold, type PrismaClient } from "@odin/db";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../audit/audit.repository";
import { requireOwnAgency } from "../admin/admin-deps";

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
export async function listLegalHolds(prisma: PrismaClient, auth: Actor): Promise<{ holds: TLegalHold[] }> {
  const agencyId = requireOwnAgency(auth);
  const holds = await prisma.legalHold.findMany({
    where: { agencyId },
    orderBy: [{ releasedAt: { sort: "desc", nulls: "first" } }, { placedAt: "desc" }],
  });
  return { holds: holds.map(toLegalHold) };
}

/**
 * POST /admin/legal-holds: one active hold per case (the partial unique index decides a race: the
 * second placement is a 409). Audited in the same transaction.
 */
export async function placeLegalHold(
  prisma: PrismaClient,
  auth: Actor,
  body: { case_number: string; reason: string },
): Promise<TLegalHold> {
  const agencyId = requireOwnAgency(auth);
  try {
    return await prisma.$transaction(async (tx) => {
      const hold = await tx.legalHold.create({
        data: {
          agencyId,
          caseNumber: body.case_number,
          reason: body.reason,
          placedById: auth.user.id,
          placedBy: auth.user.username,
        },
      });
      await writeAudit(tx, auth, {
        action: "legal_hold_placed",
        detail: { hold_id: hold.id, case_number: hold.caseNumber, reason: hold.reason },
      });
      return toLegalHold(hold);
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", LEGAL_HOLD_EXISTS);
    }
    throw error;
  }
}

/** POST /admin/legal-holds/{id}/release: once, by one conditional UPDATE; audited with it. */
export async function releaseLegalHold(prisma: PrismaClient, auth: Actor, id: number): Promise<TLegalHold> {
  const agencyId = requireOwnAgency(auth);
  return prisma.$transaction(async (tx) => {
    const released = await tx.legalHold.updateManyAndReturn({
      where: { id, agencyId, releasedAt: null },
      data: { releasedAt: new Date(), releasedById: auth.user.id, releasedBy: auth.user.username },
    });
    const hold = released[0];
    if (!hold) throw new AppError("NOT_FOUND", LEGAL_HOLD_NOT_FOUND);
    await writeAudit(tx, auth, {
      action: "legal_hold_released",
      detail: { hold_id: hold.id, case_number: hold.caseNumber },
    });
    return toLegalHold(hold);
  });
}
