import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { findRetentionSettings, updateRetentionSettings, type RetentionDeps } from "./retention.service";

const read = findEndpoint("GET", "/admin/retention");
const update = findEndpoint("PUT", "/admin/retention");

/** Issue 23 item 5: the agency's retention per record and source, set by its admin. */
export const retentionRoutes: FastifyPluginAsyncZod<{ deps: RetentionDeps }> = async (app, { deps }) => {
  app.get(
    read.path,
    { schema: { response: { 200: read.response, ...errorResponses(401, 403, 409) } } },
    (request) => findRetentionSettings(deps, requireAuth(request)),
  );
  app.put(
    update.path,
    {
      schema: {
        body: update.body,
        response: { 200: update.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => updateRetentionSettings(deps, requireAuth(request), request.body),
  );
};
