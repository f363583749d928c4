import { createHash } from "node:crypto";
import type { PrismaClient } from "@odin/db";

/**
 * The audit log's tamper evidence (issue 17, migration audit_hash_chain). Each row's hash is
 * hex(sha256(previous hash || "\n" || canonical text)), the previous hash of a chain's first row
 * being 64 zeros; a chain is one agency's rows, or the rows of no agency. The canonical text is the
 * jsonb text of the array below, computed here by PostgreSQL from the stored columns (the same
 * expression the insert trigger uses, written out again so a replaced database function cannot
 * vouch for itself), and hashed here, in Node.
 */
const CANONICAL = `jsonb_build_array(a.id, a.chain_seq, a.user_id, a.username, a.agency_id, a.agency_name, a.action, a.query_parameters, a.justification, a.programs_queried, a.plate, a.record_count, a.detail, a.ip, a.request_id, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text`;

export const GENESIS_HASH = "0".repeat(64);

export function chainHash(previous: string, canonical: string): string {
  return createHash("sha256").update(`${previous}\n${canonical}`, "utf8").digest("hex");
}

export interface ChainReport {
  agencyId: number | null;
  agencyName: string | null;
  rows: number;
  firstBroken?: { id: bigint; chainSeq: bigint; createdAt: Date; reason: string };
}

interface ChainRow {
  id: bigint;
  agency_id: number | null;
  agency_name: string | null;
  chain_seq: bigint;
  hash: string;
  created_at: Date;
  canonical: string;
}

const PAGE = 2000;

/**
 * From which place the chain's rows were dated by the database (audit_chain_heads.dated_from_seq,
 * migration audit_rows_dated_by_database): the trigger dates each row by the clock after the chain's
 * lock, so from there on no row is dated before the row ahead of it. Earlier rows carry the
 * application's clock, which concurrent writes may leave out of order.
 */
async function datedFromSeq(prisma: PrismaClient, agencyId: number | null): Promise<bigint> {
  const [head] = await prisma.$queryRaw<{ dated_from_seq: bigint }[]>`
    SELECT dated_from_seq FROM audit_chain_heads WHERE chain_key = ${agencyId ?? 0}`;
  return head?.dated_from_seq ?? 1n;
}

/**
 * Walks one chain in chain_seq order, a page at a time, and names its first broken row: a hash that
 * does not match the row's contents and its predecessor (a row altered, or one before it altered
 * and re-hashed), a gap in chain_seq (a row removed), or a row dated before the row ahead of it
 * (back-dated: the database dates rows in chain order, so only a row planted past the trigger, or
 * a database clock stepped backwards, runs against it). No tolerance: equal times are in order.
 */
async function verifyChain(prisma: PrismaClient, agencyId: number | null): Promise<ChainReport> {
  const agency =
    agencyId === null
      ? null
      : await prisma.agency.findUnique({ where: { id: agencyId }, select: { name: true } });
  const report: ChainReport = { agencyId, agencyName: agency?.name ?? null, rows: 0 };
  const timeOrderFrom = await datedFromSeq(prisma, agencyId);
  let previous = GENESIS_HASH;
  let previousAt: Date | undefined;
  let expectedSeq = 1n;
  for (;;) {
    const rows = await prisma.$queryRawUnsafe<ChainRow[]>(
      `SELECT a.id, a.agency_id, a.agency_name, a.chain_seq, a.hash, a.created_at, ${CANONICAL} AS canonical
         FROM audit_logs a
        WHERE ${agencyId === null ? "a.agency_id IS NULL" : "a.agency_id = $2"} AND a.chain_seq >= $1
        ORDER BY a.chain_seq LIMIT ${PAGE}`,
      expectedSeq,
      ...(agencyId === null ? [] : [agencyId]),
    );
    for (const row of rows) {
      report.rows++;
      const broken = (reason: string) => ({
        ...report,
        firstBroken: { id: row.id, chainSeq: row.chain_seq, createdAt: row.created_at, reason },
      });
      if (row.chain_seq !== expectedSeq) {
        return broken(
          `chain_seq jumps from ${expectedSeq - 1n} to ${row.chain_seq}: ${row.chain_seq - expectedSeq} row(s) before it are missing`,
        );
      }
      const expected = chainHash(previous, row.canonical);
      if (expected !== row.hash) {
        return broken("its hash does not match its contents and the row before it (altered)");
      }
      if (previousAt && row.chain_seq > timeOrderFrom && row.created_at < previousAt) {
        return broken(
          `it is dated before the row ahead of it in the chain (${previousAt.toISOString()}): back-dated`,
        );
      }
      previous = row.hash;
      previousAt = row.created_at;
      expectedSeq++;
    }
    if (rows.length < PAGE) return report;
  }
}

/** Every chain within scope: one agency's, or (for "all") every agency's and the no-agency chain. */
export async function verifyAuditChains(
  prisma: PrismaClient,
  scope: "all" | number | null,
): Promise<ChainReport[]> {
  let chains: (number | null)[];
  if (scope === "all") {
    const keys = await prisma.$queryRawUnsafe<{ agency_id: number | null }[]>(
      "SELECT DISTINCT agency_id FROM audit_logs ORDER BY agency_id NULLS FIRST",
    );
    chains = keys.map((key) => key.agency_id);
  } else {
    chains = [scope];
  }
  const reports: ChainReport[] = [];
  for (const chain of chains) reports.push(await verifyChain(prisma, chain));
  return reports;
}
