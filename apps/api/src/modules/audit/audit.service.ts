import {
  AUDIT_PAGE_SIZE,
  MESSAGES,
  type TAuditChainResponse,
  type TAuditLogEntry,
  type TAuditLogQuery,
  type TAuditLogResponse,
} from "@odin/contract";
import type { AuditLog } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../lib/database";
import type { Actor } from "../../access/actor";
import { administeredAgency } from "../../access/tenancy";
import { verifyAuditChains } from "./audit-chain.repository";
import { findAuditLogPage as readAuditLogPage, type AuditLogFilter } from "./audit.repository";
import { endExclusiveInstant, startInstant } from "./audit-time";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A row as the audit screen shows it. query_parameters is JSON text: a search's or export's
 * parameters as recorded, or an admin action's facts, always with the `action` that was taken.
 */
export function toAuditLogEntry(row: AuditLog): TAuditLogEntry {
  const recorded = isObject(row.queryParameters)
    ? row.queryParameters
    : isObject(row.detail)
      ? row.detail
      : {};
  return {
    user: row.username,
    user_agency: row.agencyName,
    query_parameters: JSON.stringify({ ...recorded, action: row.action }),
    timestamp: row.createdAt.toISOString(),
    programs_queried: row.programsQueried ?? "",
  };
}

/**
 * GET /admin-audit-logs-api: one page of AUDIT_PAGE_SIZE rows of the admin's agency (every agency for
 * the owner), newest first, within start..end (days read in `timeZone`) and for plates containing
 * `plate`, of one `action` when given (Odin's own filter).
 */
export async function findAuditLogPage(
  prisma: Database,
  actor: Actor,
  query: TAuditLogQuery,
  timeZone: string,
): Promise<TAuditLogResponse> {
  const where = auditWhere(actor, query, timeZone);
  if (where === null) return { logs: [], page: query.page, page_size: AUDIT_PAGE_SIZE };
  const rows = await readAuditLogPage(prisma, where, query.page, AUDIT_PAGE_SIZE);
  return { logs: rows.map(toAuditLogEntry), page: query.page, page_size: AUDIT_PAGE_SIZE };
}

/** The rows the caller's filters select within what it may read; null when it may read none. */
export function auditWhere(
  actor: Actor,
  query: Omit<TAuditLogQuery, "page">,
  timeZone: string,
): AuditLogFilter | null {
  const agency = administeredAgency(actor);
  if (agency === null) return null;
  const from = query.start ? startInstant(query.start, timeZone) : undefined;
  const until = query.end ? endExclusiveInstant(query.end, timeZone) : undefined;
  if (from && until && until <= from) {
    throw new AppError("VALIDATION_FAILED", MESSAGES.endBeforeStart, [
      { path: "end", message: MESSAGES.endBeforeStart },
    ]);
  }
  return {
    agency,
    from,
    until,
    action: query.action,
    username: query.username,
    caseNumber: query.case_number,
    offenseCategory: query.offense_category,
    plate: query.plate,
  };
}

/**
 * GET /admin-audit-chain: checks the hash chain of the admin's agency (every chain, the no-agency
 * one included, for the owner) and names each chain's first broken row.
 */
export async function verifyAuditLog(prisma: Database, actor: Actor): Promise<TAuditChainResponse> {
  const agency = administeredAgency(actor);
  const reports = agency === null ? [] : await verifyAuditChains(prisma, agency);
  const chains = reports.map((report) => ({
    agency_id: report.agencyId,
    agency_name: report.agencyName,
    rows: report.rows,
    ok: !report.firstBroken,
    ...(report.firstBroken
      ? {
          first_broken: {
            id: String(report.firstBroken.id),
            chain_seq: String(report.firstBroken.chainSeq),
            created_at: report.firstBroken.createdAt.toISOString(),
            reason: report.firstBroken.reason,
          },
        }
      : {}),
  }));
  return { ok: chains.every((chain) => chain.ok), checked_at: new Date().toISOString(), chains };
}
