import { findEndpoint, type TAuditChainResponse, type TAuditLogResponse } from "@odin/contract";
import { apiDownload } from "@/lib/api-client";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "@/lib/call-endpoint";

const auditCall = findEndpoint("GET", "/admin-audit-logs-api");
const chainCall = findEndpoint("GET", "/admin-audit-chain");
const exportCall = findEndpoint("GET", "/admin-audit-logs-export");

/** The filters as the screen holds them: calendar days from date inputs, the plate as typed. */
export interface AuditFilters {
  start: string;
  end: string;
  plate: string;
  /** Odin's own filter: one action ("" for all). */
  action: string;
  /** Odin's own (issue 23): one case number, whole ("" for all). */
  caseNumber: string;
  /** Odin's own (issue 40 item 8): one user's rows, by username ("" for everyone's). */
  username: string;
}

/** The query string of one page: blank filters are left out, the plate is upper-cased (001 §5). */
export function auditQueryString(page: number, filters: AuditFilters): string {
  const params = new URLSearchParams({ page: String(page) });
  if (filters.start) params.set("start", filters.start);
  if (filters.end) params.set("end", filters.end);
  const plate = filters.plate.trim().toUpperCase();
  if (plate) params.set("plate", plate);
  if (filters.action) params.set("action", filters.action);
  const caseNumber = filters.caseNumber.trim().toUpperCase();
  if (caseNumber) params.set("case_number", caseNumber);
  const username = filters.username.trim();
  if (username) params.set("username", username);
  return params.toString();
}

/** GET /admin-audit-logs-api with a query string made by auditQueryString. */
export function getAuditLogs(queryString: string, signal?: AbortSignal): Promise<TAuditLogResponse> {
  return callEndpoint(auditCall, { query: new URLSearchParams(queryString), signal });
}

/** GET /admin-audit-chain: the audit log's hash chains checked by the server (Odin's own). */
export function verifyAuditChain(signal?: AbortSignal): Promise<TAuditChainResponse> {
  return callEndpoint(chainCall, { signal });
}

/** GET /admin-audit-logs-export (issue 23): the filtered rows as CSV, the page number left out. */
export async function exportAuditCsv(filters: AuditFilters): Promise<{ blob: Blob; filename: string }> {
  const params = new URLSearchParams(auditQueryString(1, filters));
  params.delete("page");
  const { blob, filename } = await apiDownload(`${exportCall.path}?${params.toString()}`, {}, 120_000);
  return { blob, filename: filename ?? "odin-audit.csv" };
}

/** The audit screen's query keys, in one place. */
export const auditKeys = {
  all: ["audit"] as const,
  logs: (queryString: string) => ["audit", "logs", queryString] as const,
};

/** One page of the audit log, for the page and filters in the address (`auditQueryString`). */
export const auditLogsQuery = (queryString: string) =>
  queryOptions({
    queryKey: auditKeys.logs(queryString),
    queryFn: ({ signal }) => getAuditLogs(queryString, signal),
  });
