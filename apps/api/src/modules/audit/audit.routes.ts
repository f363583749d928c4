import { findEndpoint, ZApiError } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../plugins/auth";
import { findAuditLogPage } from "./audit.service";

const logs = findEndpoint("GET", "/admin-audit-logs-api");

/**
 * Spec 001 §7 Audit: reading the log. Nothing in the API updates or deletes audit rows, and the
 * database refuses it too (migration audit_logs_append_only).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  app.get(
    logs.path,
    {
      schema: {
        querystring: logs.query,
        response: { 200: logs.response, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    (request) => findAuditLogPage(app.prisma, requireAuth(request), request.query, timeZone),
  );
};
