import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { AgencyListsService } from "./agency-lists.service";

const rekor = findEndpoint("GET", "/api-keys-data");
const axon = findEndpoint("GET", "/axon-authorized-integrations");
const axis = findEndpoint("GET", "/axis-authorized-agencies");
const errors = errorResponses(401, 403);

/** The search form's three agency lists (spec 000 §3, §7), scoped to what the caller may search. */
export const agencyListRoutes: FastifyPluginAsyncZod<{ lists: AgencyListsService }> = async (
  app,
  { lists },
) => {
  app.get(rekor.path, { schema: { response: { 200: rekor.response, ...errors } } }, (request) =>
    lists.rekorKeys(requireAuth(request)),
  );
  app.get(axon.path, { schema: { response: { 200: axon.response, ...errors } } }, (request) =>
    lists.axonIntegrations(requireAuth(request)),
  );
  app.get(axis.path, { schema: { response: { 200: axis.response, ...errors } } }, (request) =>
    lists.axisAgencies(requireAuth(request)),
  );
};
