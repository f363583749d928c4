import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { AccountabilityService } from "./accountability.services";

const list = findEndpoint("GET", "/admin/legal-holds");
const place = findEndpoint("POST", "/admin/legal-holds");
const release = findEndpoint("POST", "/admin/legal-holds/:id/release");

/** Issue 23 item 5: legal holds on case numbers, placed and released by the agency's admin. */
export const legalHoldRoutes: FastifyPluginAsyncZod<{ accountability: AccountabilityService }> = async (
  app,
  { accountability },
) => {
  app.get(
    list.path,
    { schema: { response: { 200: list.response, ...errorResponses(401, 403, 409) } } },
    (request) => accountability.listLegalHolds(requireAuth(request)),
  );
  app.post(
    place.path,
    {
      schema: {
        body: place.body,
        response: { 200: place.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => accountability.placeLegalHold(requireAuth(request), request.body),
  );
  app.post(
    release.path,
    {
      schema: {
        params: release.params,
        response: { 200: release.response, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => accountability.releaseLegalHold(requireAuth(request), request.params.id),
  );
};
