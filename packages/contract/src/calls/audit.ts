import { z } from "zod";
import { AUDIT_PAGE_SIZE } from "../constants/app";
import { optionalText } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAuditLogEntry } from "../entities/audit";

/** A date filter: a calendar day from a date input or a full date-time; blank means unset. */
const dateFilter = z
  .union([z.iso.date(), z.iso.datetime({ offset: true, local: true }), z.literal("")])
  .optional()
  .transform((value) => (value ? value : undefined));

/** GET /admin-audit-logs-api query (001 section 7). Query strings arrive as text: page is coerced. */
export const ZAuditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  start: dateFilter,
  end: dateFilter,
  /** Upper-cased, as the screen sends it (001 section 5), so old and new clients filter alike. */
  plate: optionalText(20).transform((plate) => plate?.toUpperCase()),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/**
 * Not shown in the spec: Odin's choice. One page of AUDIT_PAGE_SIZE rows, newest first; the screen
 * disables Next when `logs` holds fewer than page_size rows.
 */
export const ZAuditLogResponse = z.object({
  logs: z.array(ZAuditLogEntry).max(AUDIT_PAGE_SIZE),
  page: z.number().int().positive(),
  page_size: z.literal(AUDIT_PAGE_SIZE),
});
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;

export const AUDIT_ENDPOINTS = [
  {
    method: "GET",
    path: "/admin-audit-logs-api",
    spec: "001",
    summary: "One page of the agency's audit log (admin only)",
    query: ZAuditLogQuery,
    response: ZAuditLogResponse,
  },
] as const satisfies readonly Endpoint[];
