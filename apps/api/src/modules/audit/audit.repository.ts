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

/** Who did it and from where, for rows written before there is an Actor (sign-in, reset links). */
export interface AuditSubject {
  userId: number | null;
  /** As typed when no account matched (a failed sign-in), at most 150 characters kept. */
  username: string;
  agencyId: number | null;
  ip: string | null;
  requestId: string | null;
}

/**
 * Appends one audit row. Pass the transaction client of the work it records, so the row and the
 * work commit together or not at all. Nothing updates or deletes audit rows. One round trip: the
 * database fills agency_name and chains the row (chain_seq, hash) in its insert trigger.
 */
export async function writeAuditFor(db: Db, who: AuditSubject, entry: AuditEntry) {
  await db.auditLog.create({
    data: { ...who, username: who.username.slice(0, 150), ...entry },
    select: { id: true },
  });
}

/** Appends one audit row for the caller (see writeAuditFor). */
export async function writeAudit(db: Db, { user, ip, requestId }: Actor, entry: AuditEntry) {
  await writeAuditFor(
    db,
    { userId: user.id, username: user.username, agencyId: user.agencyId, ip, requestId },
    entry,
  );
}
