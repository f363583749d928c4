import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import {
  createApiClient,
  deactivateApiClient,
  listApiClients,
  rotateApiClientSecret,
  type ApiClientDeps,
} from "./api-clients.service";

const list = findEndpoint("GET", "/admin/api-clients");
const create = findEndpoint("POST", "/admin/api-clients");
const rotate = findEndpoint("POST", "/admin/api-clients/:id/rotate-secret");
const deactivate = findEndpoint("POST", "/admin/api-clients/:id/deactivate");

const errors = errorResponses(400, 401, 403, 404, 409);

/** Odin's own (issue 38 item 2): an agency admin's API clients (service accounts). */
export const apiClientRoutes: FastifyPluginAsyncZod<{ deps: ApiClientDeps }> = async (app, { deps }) => {
  app.get(list.path, { schema: { response: { 200: list.response, ...errors } } }, (request) =>
    listApiClients(deps, requireAuth(request)),
  );
  app.post(
    create.path,
    { schema: { body: create.body, response: { 200: create.response, ...errors } } },
    (request) => createApiClient(deps, requireAuth(request), request.body),
  );
  app.post(
    rotate.path,
    { schema: { params: rotate.params, response: { 200: rotate.response, ...errors } } },
    (request) => rotateApiClientSecret(deps, requireAuth(request), request.params.id),
  );
  app.post(
    deactivate.path,
    { schema: { params: deactivate.params, response: { 200: deactivate.response, ...errors } } },
    (request) => deactivateApiClient(deps, requireAuth(request), request.params.id),
  );
};
