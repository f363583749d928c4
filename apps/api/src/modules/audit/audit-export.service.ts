import { AUDIT_EXPORT_MAX_ROWS, type TAuditExportQuery } from "@odin/contract";
import type { AuditLog } from "@odin/db";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { csvLine } from "../exports/export-csv";
import { writeAudit } from "../../lib/audit-rows.repository";
import { countAuditLogs, findAuditLogsAfter } from "./audit.repository";
import { auditWhere } from "./audit.service";
import type { Database } from "../../lib/database";
import { bindServices } from "../../lib/bind-services";

const HEADER = [
  "timestamp",
  "user",
  "agency",
  "action",
  "plate",
  "justification",
  "case_number",
  "offense_category",
  "record_count",
  "programs_queried",
  "ip",
  "request_id",
  "chain_seq",
  "hash",
  "details",
];

const PAGE = 5000;

const caseField = (row: AuditLog, field: string): string | null => {
  const params = row.queryParameters;
  if (typeof params !== "object" || params === null || Array.isArray(params)) return null;
  const value = (params as Record<string, unknown>)[field];
  return typeof value === "string" ? value : null;
};

/**
 * GET /admin-audit-logs-export (issue 23): the filtered rows oldest first as CSV, formula-safe
 * (export-csv.ts), with each row's chain position and hash so a copy can be checked against the
 * database later. The export is itself audited, before the rows are read.
 */
export async function exportAuditLog(
  prisma: Database,
  actor: Actor,
  query: TAuditExportQuery,
  timeZone: string,
): Promise<string> {
  const where = auditWhere(actor, query, timeZone);
  if (where === null) return csvLine(HEADER);
  const count = await countAuditLogs(prisma, where);
  if (count > AUDIT_EXPORT_MAX_ROWS) {
    const message = `The range holds ${count} rows; an export holds at most ${AUDIT_EXPORT_MAX_ROWS}. Choose a shorter range.`;
    throw new AppError("VALIDATION_FAILED", message, [{ path: "start", message }]);
  }
  await writeAudit(prisma, actor, {
    action: "audit_exported",
    recordCount: count,
    detail: { start: query.start ?? null, end: query.end ?? null, filters: { ...query } },
  });
  const lines = [csvLine(HEADER)];
  let cursor: bigint | undefined;
  for (;;) {
    const rows = await findAuditLogsAfter(prisma, where, cursor, PAGE);
    for (const row of rows) {
      lines.push(
        csvLine([
          row.createdAt.toISOString(),
          row.username,
          row.agencyName,
          row.action,
          row.plate,
          row.justification,
          caseField(row, "case_number"),
          caseField(row, "offense_category"),
          row.recordCount,
          row.programsQueried,
          row.ip,
          row.requestId,
          String(row.chainSeq),
          row.hash,
          JSON.stringify(row.queryParameters ?? row.detail ?? {}),
        ]),
      );
    }
    if (rows.length < PAGE) break;
    cursor = rows.at(-1)!.id;
  }
  return lines.join("");
}

/** What the audit routes receive for the CSV export (issue 39 item 2). */
export const auditExportServiceFactory = (database: Database) => bindServices(database, { exportAuditLog });
export type AuditExportService = ReturnType<typeof auditExportServiceFactory>;
