import type { Prisma } from "@odin/db";

/** Which audit rows a reader selects: its agency (every one for the owner) and the screen's filters. */
export interface AuditLogFilter {
  agency: number | "all";
  /** created_at >= from */
  from?: Date;
  /** created_at < until */
  until?: Date;
  action?: string;
  /** The acting user's username, whole, any case. */
  username?: string;
  caseNumber?: string;
  offenseCategory?: string;
  /** Part of the plate, matched literally. */
  plate?: string;
}

function auditLogWhere(filter: AuditLogFilter): Prisma.AuditLogWhereInput {
  const { agency, from, until } = filter;
  return {
    ...(agency === "all" ? {} : { agencyId: agency }),
    ...(from || until
      ? { createdAt: { ...(from ? { gte: from } : {}), ...(until ? { lt: until } : {}) } }
      : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.username ? { username: { equals: filter.username, mode: "insensitive" as const } } : {}),
    // Odin's own (issue 23): searches and exports carry them in query_parameters (hashed with the row).
    ...(filter.caseNumber || filter.offenseCategory
      ? {
          AND: [
            ...(filter.caseNumber
              ? [{ queryParameters: { path: ["case_number"], equals: filter.caseNumber } }]
              : []),
            ...(filter.offenseCategory
              ? [{ queryParameters: { path: ["offense_category"], equals: filter.offenseCategory } }]
              : []),
          ],
        }
      : {}),
    // Prisma's `contains` is a LIKE that keeps % and _ (and backslash) as wildcards: escaped here.
    ...(filter.plate ? { plate: { contains: filter.plate.replace(/[%_\\]/g, (c) => `\\${c}`) } } : {}),
  };
}

type AuditReader = Pick<Prisma.TransactionClient, "auditLog">;

/** One page of the selected rows, newest first. */
export function findAuditLogPage(db: AuditReader, filter: AuditLogFilter, page: number, pageSize: number) {
  return db.auditLog.findMany({
    where: auditLogWhere(filter),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
}

export function countAuditLogs(db: AuditReader, filter: AuditLogFilter): Promise<number> {
  return db.auditLog.count({ where: auditLogWhere(filter) });
}

/** Up to `take` selected rows after the row `cursor` (from the first without one), oldest first. */
export function findAuditLogsAfter(
  db: AuditReader,
  filter: AuditLogFilter,
  cursor: bigint | undefined,
  take: number,
) {
  // By id, not Prisma's cursor: the primary key is (id, created_at) since audit_logs is partitioned.
  const where = auditLogWhere(filter);
  return db.auditLog.findMany({
    where: cursor === undefined ? where : { AND: [where, { id: { gt: cursor } }] },
    orderBy: { id: "asc" },
    take,
  });
}
