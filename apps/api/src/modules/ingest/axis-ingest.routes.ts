import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import type { AxisIngest } from "./axis-ingest";

const push = findEndpoint("POST", "/ingest/axis/:identifier");

export interface AxisIngestRouteOptions {
  ingest: AxisIngest;
  /** Largest event accepted, pictures included; a larger one is answered 413 before it is read. */
  maxEventBytes: number;
}

/**
 * POST /ingest/axis/{identifier}: where an Axis LPV camera (RAVEN) pushes its reads. Authenticated by
 * the integration's own ingest token, not a user's; exempt from the per-client rate limit because a
 * busy camera pushes many reads per second (security.ts).
 */
export const axisIngestRoutes: FastifyPluginAsyncZod<AxisIngestRouteOptions> = async (app, options) => {
  app.post(
    push.path,
    {
      bodyLimit: options.maxEventBytes,
      // A camera is not a browser: security headers for pages would only cost time on every read.
      helmet: false,
      schema: {
        params: push.params,
        body: push.body,
        response: { 200: push.response, 201: push.response, ...errorResponses(400, 401, 410, 413, 423) },
      },
    },
    async (request, reply) => {
      const { created, answer } = await options.ingest.ingest(
        request.params.identifier,
        request.headers.authorization,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(answer);
    },
  );
};
