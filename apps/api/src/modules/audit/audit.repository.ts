import type { Prisma } from "@odin/db";
import type { Actor } from "../../auth/actor";

type Db = Pick<Prisma.TransactionClient, "auditLog">;

export interface AuditEntry {
  action: string;
  detail?: Prisma.InputJsonValue;
  queryParameters?: Prisma.InputJsonValue;
  justification?: string;
  programsQueried?: string;
  plate?: string;
  recordCount?: number;
}

/**
 * Appends one audit row for the caller. Pass the transaction client of the work it records, so the
 * row and the work commit together or not at all. Nothing updates or deletes audit rows. One round
 * trip: the database fills agency_name and chains the row (chain_seq, hash) in its insert trigger.
 */
export async function writeAudit(db: Db, { user, ip, requestId }: Actor, entry: AuditEntry) {
  await db.auditLog.create({
    data: {
      userId: user.id,
      username: user.username,
      agencyId: user.agencyId,
      ip,
      requestId,
      ...entry,
    },
    select: { id: true },
  });
}
