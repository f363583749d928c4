import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { filePart } from "../../plugins/multipart";
import { requireAuth } from "../../plugins/authenticate";
import type { IntegrationsService } from "./integrations.services";

const addKey = findEndpoint("POST", "/add-api-key");
const bulkKeys = findEndpoint("POST", "/bulk-upload-api-keys");
const deleteKey = findEndpoint("DELETE", "/delete-api-key/:id");
const rotateToken = findEndpoint("POST", "/rekor-keys/:id/rotate-webhook-token");
const existingAxon = findEndpoint("GET", "/axon-existing-integration");
const addAxon = findEndpoint("POST", "/add-axon-integration");
const deleteAxon = findEndpoint("DELETE", "/delete-axon-integration");
const access = findEndpoint("GET", "/get-authorized-and-blacklisted-agencies");
const blacklist = findEndpoint("POST", "/add-to-blacklist");
const unblacklist = findEndpoint("POST", "/remove-from-blacklist");

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 502, 504);

/**
 * Spec 001 §7 Integrations: the agency's Rekor keys and Axon integration (admins of the agency).
 * Secrets go in and never come out: answers name keys by label and last four only.
 */
export const integrationRoutes: FastifyPluginAsyncZod<{ integrations: IntegrationsService }> = async (
  app,
  { integrations },
) => {
  app.post(
    addKey.path,
    { schema: { body: addKey.body, response: { 200: addKey.response, ...errors } } },
    async (request) => successMessage(await integrations.addApiKey(requireAuth(request), request.body)),
  );

  app.post(
    bulkKeys.path,
    { schema: { body: bulkKeys.body, response: { 200: bulkKeys.response, ...errors } } },
    (request) => integrations.uploadApiKeys(requireAuth(request), filePart(request.body, "file")),
  );

  app.delete(
    deleteKey.path,
    { schema: { params: deleteKey.params, response: { 200: deleteKey.response, ...errors } } },
    async (request) =>
      successMessage(await integrations.deleteApiKey(requireAuth(request), request.params.id)),
  );

  app.post(
    rotateToken.path,
    { schema: { params: rotateToken.params, response: { 200: rotateToken.response, ...errors } } },
    (request) => integrations.rotateWebhookToken(requireAuth(request), request.params.id),
  );

  app.get(existingAxon.path, { schema: { response: { 200: existingAxon.response, ...errors } } }, (request) =>
    integrations.getExistingIntegration(requireAuth(request)),
  );

  app.post(
    addAxon.path,
    { schema: { body: addAxon.body, response: { 200: addAxon.response, ...errors } } },
    async (request) =>
      successMessage(await integrations.addAxonIntegration(requireAuth(request), request.body)),
  );

  app.delete(
    deleteAxon.path,
    { schema: { response: { 200: deleteAxon.response, ...errors } } },
    async (request) => successMessage(await integrations.deleteAxonIntegration(requireAuth(request))),
  );

  app.get(access.path, { schema: { response: { 200: access.response, ...errors } } }, (request) =>
    integrations.listAgencyAccess(requireAuth(request)),
  );

  app.post(
    blacklist.path,
    { schema: { body: blacklist.body, response: { 200: blacklist.response, ...errors } } },
    async (request) =>
      successMessage(
        await integrations.setAgencyAccess(requireAuth(request), request.body.agency_id, "blacklisted"),
      ),
  );

  app.post(
    unblacklist.path,
    { schema: { body: unblacklist.body, response: { 200: unblacklist.response, ...errors } } },
    async (request) =>
      successMessage(
        await integrations.setAgencyAccess(requireAuth(request), request.body.agency_id, "authorized"),
      ),
  );
};
