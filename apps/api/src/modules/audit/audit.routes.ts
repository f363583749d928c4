import { findEndpoint } from "@odin/contract";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import type { ReadReplicas } from "../../lib/read-replicas";
import { requireAuth } from "../../plugins/authenticate";
import { findAuditLogPage, verifyAuditLog } from "./audit.service";
import type { AuditExportService } from "./audit-export.service";

const logs = findEndpoint("GET", "/admin-audit-logs-api");
const chain = findEndpoint("GET", "/admin-audit-chain");
const exportCsv = findEndpoint("GET", "/admin-audit-logs-export");

/**
 * Spec 001 §7 Audit: reading the log. Nothing in the API updates or deletes audit rows, and the
 * database refuses it too (migration audit_logs_append_only).
 */
export const auditRoutes: FastifyPluginAsyncZod<{
  timeZone: string;
  replicas: ReadReplicas;
  /** The CSV export, on the primary: it writes its own audit row. */
  audit: AuditExportService;
}> = async (app, { timeZone, replicas, audit }) => {
  app.get(
    logs.path,
    {
      schema: {
        querystring: logs.query,
        response: { 200: logs.response, ...errorResponses(400, 401, 403) },
      },
    },
    // Read from a standby when one is fit (issue 42 item 1): the page writes nothing.
    (request, reply) => {
      const actor = requireAuth(request);
      return replicas.answer(actor, reply, (db) => findAuditLogPage(db, actor, request.query, timeZone));
    },
  );
  // Odin's own (issue 23): the audit log as CSV for a date range.
  app.get(
    exportCsv.path,
    {
      schema: {
        querystring: exportCsv.query,
        response: { 200: z.instanceof(Buffer), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await audit.exportAuditLog(requireAuth(request), request.query, timeZone);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="odin-audit-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(Buffer.from(csv, "utf8"));
    },
  );
  // Odin's own: the tamper-evidence check (issue 17), as `pnpm odin verify-audit` runs it.
  app.get(
    chain.path,
    { schema: { response: { 200: chain.response, ...errorResponses(401, 403) } } },
    // The whole chain is read: on a standby when one is fit (it is a consistent snapshot too).
    (request, reply) => {
      const actor = requireAuth(request);
      return replicas.answer(actor, reply, (db) => verifyAuditLog(db, actor));
    },
  );
};
