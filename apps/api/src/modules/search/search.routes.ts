import { findEndpoint, SEARCH_NEXT_PAGE_HEADER, SEARCH_SOURCES_HEADER } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { ReadReplicas } from "../../lib/read-replicas";
import { readFromReplica } from "./replica-reads";
import type { SearchAnswer } from "./search.service";
import type { SearchService } from "./search.services";

const search = findEndpoint("POST", "/search-data");
const next = findEndpoint("POST", "/search-data/next");

/** The body stays the plain list; the per-source status and the next page's cursor travel in headers. */
function answer(reply: FastifyReply, { results, statuses, nextCursor }: SearchAnswer) {
  reply.header(SEARCH_SOURCES_HEADER, JSON.stringify(statuses));
  if (nextCursor) reply.header(SEARCH_NEXT_PAGE_HEADER, nextCursor);
  return results;
}

/**
 * POST /search-data answers the plain list existing clients read; how each source fared goes in the
 * x-odin-sources header (JSON), so a partial answer is visible without changing the body's shape.
 * With Odin's `page_size` it answers the newest page and x-odin-next-page carries the cursor of
 * POST /search-data/next (issue 21).
 */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService; replicas?: ReadReplicas }> = async (
  app,
  { search: searches, replicas },
) => {
  const schema = <E extends typeof search | typeof next>(endpoint: E) => ({
    body: endpoint.body as E["body"],
    response: { 200: endpoint.response, ...errorResponses(400, 401, 403) },
  });
  // The reads come from a read replica when one is fit (issue 42 item 1); the audit row from the primary.
  app.post(
    search.path,
    { schema: schema(search), config: { readsReplica: true } },
    async (request, reply) => {
      const actor = requireAuth(request);
      return answer(
        reply,
        await readFromReplica(replicas, actor, reply, () => searches.searchDetections(actor, request.body)),
      );
    },
  );
  app.post(next.path, { schema: schema(next), config: { readsReplica: true } }, async (request, reply) => {
    const actor = requireAuth(request);
    return answer(
      reply,
      await readFromReplica(replicas, actor, reply, () => searches.searchNextPage(actor, request.body)),
    );
  });
};
