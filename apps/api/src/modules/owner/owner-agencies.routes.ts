import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { OwnerAgenciesService } from "./owner-agencies.services";

const list = findEndpoint("GET", "/owner/agencies");
const create = findEndpoint("POST", "/owner/agencies");
const update = findEndpoint("PATCH", "/owner/agencies/:id");
const deactivate = findEndpoint("POST", "/owner/agencies/:id/deactivate");
const reactivate = findEndpoint("POST", "/owner/agencies/:id/reactivate");

const errors = errorResponses(400, 401, 403, 404, 409);

/** Odin's own (issue 15): the owner adds, edits, deactivates and reactivates agencies. */
export const ownerAgencyRoutes: FastifyPluginAsyncZod<{ ownerAgencies: OwnerAgenciesService }> = async (
  app,
  { ownerAgencies },
) => {
  app.get(list.path, { schema: { response: { 200: list.response, ...errors } } }, () =>
    ownerAgencies.listManagedAgencies(),
  );

  app.post(
    create.path,
    { schema: { body: create.body, response: { 201: create.response, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await ownerAgencies.createAgency(requireAuth(request), request.body)),
  );

  app.patch(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response, ...errors } } },
    (request) => ownerAgencies.updateAgency(requireAuth(request), request.params.id, request.body),
  );

  for (const [endpoint, active] of [
    [deactivate, false],
    [reactivate, true],
  ] as const) {
    app.post(
      endpoint.path,
      { schema: { params: endpoint.params, response: { 200: endpoint.response, ...errors } } },
      (request) => ownerAgencies.setAgencyActive(requireAuth(request), request.params.id, active),
    );
  }
};
