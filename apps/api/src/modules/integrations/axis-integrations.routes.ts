import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { requireAuth } from "../../plugins/authenticate";
import type { AxisIntegrationsService } from "./axis-integrations.services";

const list = findEndpoint("GET", "/axis-integrations");
const create = findEndpoint("POST", "/axis-integrations");
const rotate = findEndpoint("POST", "/axis-integrations/:id/rotate-token");
const pause = findEndpoint("POST", "/axis-integrations/:id/pause");
const resume = findEndpoint("POST", "/axis-integrations/:id/resume");
const remove = findEndpoint("DELETE", "/axis-integrations/:id");

const errors = errorResponses(400, 401, 403, 404, 409);

/** Odin's own RAVEN (Axis LPV) integration calls, for admins (agency-scoped in the service). */
export const axisIntegrationRoutes: FastifyPluginAsyncZod<{
  axisIntegrations: AxisIntegrationsService;
}> = async (app, { axisIntegrations }) => {
  app.get(list.path, { schema: { response: { 200: list.response, ...errors } } }, (request) =>
    axisIntegrations.listAxisIntegrations(requireAuth(request)),
  );

  app.post(
    create.path,
    { schema: { body: create.body, response: { 201: create.response, ...errors } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await axisIntegrations.createAxisIntegration(requireAuth(request), request.body)),
  );

  app.post(
    rotate.path,
    { schema: { params: rotate.params, response: { 200: rotate.response, ...errors } } },
    (request) => axisIntegrations.rotateAxisIngestToken(requireAuth(request), request.params.id),
  );

  app.post(
    pause.path,
    { schema: { params: pause.params, response: { 200: pause.response, ...errors } } },
    async (request) =>
      successMessage(
        await axisIntegrations.setAxisIntegrationPaused(requireAuth(request), request.params.id, true),
      ),
  );

  app.post(
    resume.path,
    { schema: { params: resume.params, response: { 200: resume.response, ...errors } } },
    async (request) =>
      successMessage(
        await axisIntegrations.setAxisIntegrationPaused(requireAuth(request), request.params.id, false),
      ),
  );

  app.delete(
    remove.path,
    { schema: { params: remove.params, response: { 200: remove.response, ...errors } } },
    async (request) =>
      successMessage(await axisIntegrations.deleteAxisIntegration(requireAuth(request), request.params.id)),
  );
};
