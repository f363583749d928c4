import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { AlertWebhooksService } from "./alert-webhooks.services";

const list = findEndpoint("GET", "/api/admin/webhooks");
const create = findEndpoint("POST", "/api/admin/webhooks");
const update = findEndpoint("PUT", "/api/admin/webhooks/:id");
const remove = findEndpoint("DELETE", "/api/admin/webhooks/:id");
const test = findEndpoint("POST", "/api/admin/webhooks/:id/test");

const errors = errorResponses(400, 401, 403, 404, 409);

/** Odin's own (issue 24 item 3): an agency admin's alert webhooks. */
export const alertWebhookRoutes: FastifyPluginAsyncZod<{ alertWebhooks: AlertWebhooksService }> = async (
  app,
  { alertWebhooks },
) => {
  app.get(list.path, { schema: { response: { 200: list.response, ...errors } } }, (request) =>
    alertWebhooks.listWebhooks(requireAuth(request)),
  );
  app.post(
    create.path,
    { schema: { body: create.body, response: { 200: create.response, ...errors } } },
    (request) => alertWebhooks.createWebhook(requireAuth(request), request.body),
  );
  app.put(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response, ...errors } } },
    (request) => alertWebhooks.updateWebhook(requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    remove.path,
    { schema: { params: remove.params, response: { 200: remove.response, ...errors } } },
    (request) => alertWebhooks.deleteWebhook(requireAuth(request), request.params.id),
  );
  app.post(
    test.path,
    { schema: { params: test.params, response: { 200: test.response, ...errors } } },
    (request) => alertWebhooks.testWebhook(requireAuth(request), request.params.id),
  );
};
