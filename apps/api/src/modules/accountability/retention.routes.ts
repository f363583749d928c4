import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { RetentionService } from "./retention.services";

const read = findEndpoint("GET", "/admin/retention");
const update = findEndpoint("PUT", "/admin/retention");

/** Issue 23 item 5: the agency's retention per record and source, set by its admin. */
export const retentionRoutes: FastifyPluginAsyncZod<{ retention: RetentionService }> = async (
  app,
  { retention },
) => {
  app.get(
    read.path,
    { schema: { response: { 200: read.response, ...errorResponses(401, 403, 409) } } },
    (request) => retention.findRetentionSettings(requireAuth(request)),
  );
  app.put(
    update.path,
    {
      schema: {
        body: update.body,
        response: { 200: update.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => retention.updateRetentionSettings(requireAuth(request), request.body),
  );
};
