import { findEndpoint, SEARCH_SOURCES_HEADER } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { searchDetections, type SearchDeps } from "./search.service";

const search = findEndpoint("POST", "/search-data");

/**
 * POST /search-data answers the plain list existing clients read; how each source fared goes in the
 * x-odin-sources header (JSON), so a partial answer is visible without changing the body's shape.
 */
export const searchRoutes: FastifyPluginAsyncZod<Omit<SearchDeps, "prisma">> = async (app, options) => {
  app.post(
    search.path,
    {
      schema: {
        body: search.body,
        response: { 200: search.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { results, statuses } = await searchDetections(
        { ...options, prisma: app.prisma },
        requireAuth(request),
        request.body,
      );
      reply.header(SEARCH_SOURCES_HEADER, JSON.stringify(statuses));
      return results;
    },
  );
};
