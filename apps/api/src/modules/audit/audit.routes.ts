import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
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
        response: { 200: logs.response, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => findAuditLogPage(app.prisma, requireAuth(request), request.query, timeZone),
  );
};
