import { apiError, findEndpoint, ZApiError } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const health = findEndpoint("GET", "/healthz");

/**
 * GET /healthz: 200 when the API can reach PostgreSQL, 503 otherwise. `pingDatabase` is one round trip
 * (health.repository.ts), given by the composition root.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ pingDatabase: () => Promise<void> }> = async (
  app,
  { pingDatabase },
) => {
  app.get(
    "/healthz",
    { schema: { response: { 200: health.response, 503: ZApiError } } },
    async (request, reply) => {
      try {
        await pingDatabase();
        return { status: "ok" as const, database: "ok" as const };
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        return reply.status(503).send(apiError("UNAVAILABLE", "The database is unreachable."));
      }
    },
  );
};
