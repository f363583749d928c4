import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { ApiClientsService } from "./api-clients.services";

const list = findEndpoint("GET", "/admin/api-clients");
const create = findEndpoint("POST", "/admin/api-clients");
const rotate = findEndpoint("POST", "/admin/api-clients/:id/rotate-secret");
const deactivate = findEndpoint("POST", "/admin/api-clients/:id/deactivate");

const errors = errorResponses(400, 401, 403, 404, 409);

/** Odin's own (issue 38 item 2): an agency admin's API clients (service accounts). */
export const apiClientRoutes: FastifyPluginAsyncZod<{ apiClients: ApiClientsService }> = async (
  app,
  { apiClients },
) => {
  app.get(list.path, { schema: { response: { 200: list.response, ...errors } } }, (request) =>
    apiClients.listApiClients(requireAuth(request)),
  );
  app.post(
    create.path,
    { schema: { body: create.body, response: { 200: create.response, ...errors } } },
    (request) => apiClients.createApiClient(requireAuth(request), request.body),
  );
  app.post(
    rotate.path,
    { schema: { params: rotate.params, response: { 200: rotate.response, ...errors } } },
    (request) => apiClients.rotateApiClientSecret(requireAuth(request), request.params.id),
  );
  app.post(
    deactivate.path,
    { schema: { params: deactivate.params, response: { 200: deactivate.response, ...errors } } },
    (request) => apiClients.deactivateApiClient(requireAuth(request), request.params.id),
  );
};
