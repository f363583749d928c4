import { findEndpoint, type TAuditLogResponse } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const auditCall = findEndpoint("GET", "/admin-audit-logs-api");

/** The filters as the screen holds them: calendar days from date inputs, the plate as typed. */
export interface AuditFilters {
  start: string;
  end: string;
  plate: string;
}

/** The query string of one page: blank filters are left out, the plate is upper-cased (001 §5). */
export function auditQueryString(page: number, filters: AuditFilters): string {
  const params = new URLSearchParams({ page: String(page) });
  if (filters.start) params.set("start", filters.start);
  if (filters.end) params.set("end", filters.end);
  const plate = filters.plate.trim().toUpperCase();
  if (plate) params.set("plate", plate);
  return params.toString();
}

/** GET /admin-audit-logs-api with a query string made by auditQueryString. */
export function getAuditLogs(queryString: string, signal?: AbortSignal): Promise<TAuditLogResponse> {
  return callEndpoint(auditCall, { query: new URLSearchParams(queryString), signal });
}
