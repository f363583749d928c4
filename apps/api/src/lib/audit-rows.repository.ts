import { Prisma, PREPARED_STATEMENT, queryPrepared, type PrismaClient } from "@odin/db";

/**
 * Writing audit rows: every domain does it before its work (identity's sign-ins, every module's calls), so
 * the writer sits in lib/, below them all (issue 39 item 1). Reading them is modules/audit/.
 */

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
 * The caller as the writer needs it: what access/actor.ts's Actor carries (declared here by its shape,
 * so lib/ imports nothing from access/).
 */
export interface AuditActor {
  user: { id: number; username: string; agencyId: number | null };
  ip: string;
  requestId: string;
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
 * database fills agency_name, dates the row by its own clock (whatever created_at Prisma sends) and
 * chains it (chain_seq, hash) in its insert trigger, which also refuses a row whose username or
 * agency is not its user id's (migration 20261202100000_audit_rows_dated_by_database).
 */
export async function writeAuditFor(db: Db, who: AuditSubject, entry: AuditEntry): Promise<number> {
  // Only a name as typed is cut: a user's own must stay whole to match the users table.
  const username = who.userId === null ? who.username.slice(0, 150) : who.username;
  const row = await db.auditLog.create({
    data: { ...who, username, ...entry },
    select: { id: true },
  });
  return Number(row.id);
}

/** One audit row as insertAuditRows takes it: who (as writeAuditFor names them) and the entry. */
export type AuditRow = AuditSubject & AuditEntry;

/**
 * Appends several audit rows of ONE chain (one agency, or no agency) in one statement, in the given
 * order, and answers their ids in that order. One transaction, so the chain's lock (the insert
 * trigger's advisory lock, held until commit) is taken once and the commit's flush is paid once for
 * all of them (audit-batcher.ts). The rows are what writeAuditFor writes: the database dates, names
 * the agency, checks the user and chains each one in its trigger, row by row in this order.
 */
export async function insertAuditRows(
  db: Pick<PrismaClient, "$queryRaw">,
  rows: AuditRow[],
): Promise<number[]> {
  const json = JSON.stringify(
    rows.map((row) => ({
      user_id: row.userId,
      // Only a name as typed is cut: a user's own must stay whole to match the users table.
      username: row.userId === null ? row.username.slice(0, 150) : row.username,
      agency_id: row.agencyId,
      action: row.action,
      query_parameters: row.queryParameters ?? null,
      justification: row.justification ?? null,
      programs_queried: row.programsQueried ?? null,
      plate: row.plate ?? null,
      record_count: row.recordCount ?? null,
      detail: row.detail ?? null,
      ip: row.ip,
      request_id: row.requestId,
    })),
  );
  // Sent by node-postgres as a statement prepared once per connection (its text never varies), without
  // Prisma's own work per call: every search writes one (issue 42 item 0). In a transaction (any
  // other handle), through $queryRaw as before.
  const inserted = await queryPrepared<{ id: bigint; chain_seq: bigint }>(
    db,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
    INSERT INTO audit_logs (user_id, username, agency_id, action, query_parameters, justification,
      programs_queried, plate, record_count, detail, ip, request_id)
    SELECT r.user_id, r.username, r.agency_id, r.action, r.query_parameters, r.justification,
      r.programs_queried, r.plate, r.record_count, r.detail, r.ip, r.request_id
    FROM json_to_recordset(${json}::json) AS r(user_id int, username text, agency_id int, action text,
      query_parameters jsonb, justification text, programs_queried text, plate text, record_count int,
      detail jsonb, ip text, request_id text)
    RETURNING id, chain_seq`,
  );
  if (inserted.length !== rows.length) {
    throw new Error(`audit insert stored ${inserted.length} of ${rows.length} rows`);
  }
  // The trigger chains the rows in the order they are inserted, which is the order given (a function
  // scan), so their places in the chain give each its id whatever order RETURNING lists them in.
  return inserted.sort((a, b) => (a.chain_seq < b.chain_seq ? -1 : 1)).map((row) => Number(row.id));
}

/** Appends one audit row for the caller (see writeAuditFor). */
export async function writeAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await writeAuditReturningId(db, actor, entry);
}

/** writeAudit, answering the row's id (a paged search's cursor names it, issue 21). */
export function writeAuditReturningId(
  db: Db,
  { user, ip, requestId }: AuditActor,
  entry: AuditEntry,
): Promise<number> {
  return writeAuditFor(
    db,
    { userId: user.id, username: user.username, agencyId: user.agencyId, ip, requestId },
    entry,
  );
}
