import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import type { RekorWebhook } from "./rekor-webhook";

const push = findEndpoint("POST", "/ingest/rekor/:keyId");

/**
 * POST /ingest/rekor/{keyId}: the webhook URL a Rekor agent is given for one of Odin's Rekor keys.
 * Authenticated by the key's webhook token, not a user's; exempt from the per-client rate limit like
 * the camera pushes (security.ts), as one agent sends a request per vehicle.
 */
export const rekorWebhookRoutes: FastifyPluginAsyncZod<{ webhook: RekorWebhook }> = async (app, options) => {
  app.post(
    push.path,
    {
      // An agent is not a browser: security headers for pages would only cost time on every read.
      helmet: false,
      schema: {
        params: push.params,
        body: push.body,
        response: { 200: push.response, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) =>
      options.webhook.receive(request.params.keyId, request.headers.authorization, request.body),
  );
};
