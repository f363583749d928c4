import { findEndpoint, SEARCH_SOURCES_HEADER, type TSourceStatus } from "@odin/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Actor } from "../../access/actor";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { InvestigationBusy } from "./investigations.service";
import type { ReadReplicas } from "../../lib/read-replicas";
import { readFromReplica } from "./replica-reads";
import type { SearchService } from "./search.services";

const cameras = findEndpoint("GET", "/search/cameras");
const area = findEndpoint("POST", "/search/area");
const places = findEndpoint("POST", "/search/places");
const companions = findEndpoint("POST", "/search/companions");
const pattern = findEndpoint("POST", "/search/pattern");

/**
 * Investigations beyond one plate (issue 22). Like POST /search-data, how each source fared travels
 * in the x-odin-sources header.
 */
export const investigationRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  replicas?: ReadReplicas;
}> = async (app, { search, replicas }) => {
  const errors = errorResponses(400, 401, 403, 429, 503, 504);

  /**
   * Each investigation runs in one of its user's slots (withInvestigationSlot). A refusal says when to
   * try again: by then a running one has answered or been stopped (SEARCH_SOURCE_TIMEOUT_MS).
   */
  const retryAfter = String(Math.ceil(search.sourceTimeoutMs / 1000));
  // The reads come from a read replica when one is fit (issue 42 item 1); the slot and audit row from
  // the primary.
  const inSlot = async <T extends { statuses: TSourceStatus[] }>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (actor: Actor) => Promise<T>,
  ) => {
    const actor = requireAuth(request);
    try {
      return await search.withInvestigationSlot(actor, () =>
        readFromReplica(replicas, actor, reply, () => work(actor)),
      );
    } catch (error) {
      if (error instanceof InvestigationBusy) reply.header("retry-after", retryAfter);
      throw error;
    }
  };

  app.get(cameras.path, { schema: { response: { 200: cameras.response, ...errors } } }, async (request) =>
    search.listSearchCameras(requireAuth(request)),
  );

  app.post(
    area.path,
    { schema: { body: area.body, response: { 200: area.response, ...errors } } },
    async (request, reply) => {
      const { results, statuses } = await inSlot(request, reply, (actor) =>
        search.searchArea(actor, request.body),
      );
      reply.header(SEARCH_SOURCES_HEADER, JSON.stringify(statuses));
      return results;
    },
  );

  app.post(
    places.path,
    { schema: { body: places.body, response: { 200: places.response, ...errors } } },
    async (request, reply) => {
      const { answer, statuses } = await inSlot(request, reply, (actor) =>
        search.searchPlaces(actor, request.body),
      );
      reply.header(SEARCH_SOURCES_HEADER, JSON.stringify(statuses));
      return answer;
    },
  );

  app.post(
    companions.path,
    { schema: { body: companions.body, response: { 200: companions.response, ...errors } } },
    async (request, reply) => {
      const { answer, statuses } = await inSlot(request, reply, (actor) =>
        search.searchCompanions(actor, request.body),
      );
      reply.header(SEARCH_SOURCES_HEADER, JSON.stringify(statuses));
      return answer;
    },
  );

  app.post(
    pattern.path,
    { schema: { body: pattern.body, response: { 200: pattern.response, ...errors } } },
    async (request, reply) => {
      const { answer, statuses } = await inSlot(request, reply, (actor) =>
        search.searchPattern(actor, request.body),
      );
      reply.header(SEARCH_SOURCES_HEADER, JSON.stringify(statuses));
      return answer;
    },
  );
};
