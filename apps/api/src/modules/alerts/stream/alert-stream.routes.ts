import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../../plugins/authenticate";
import type { AlertStreamService } from "./alert-stream";

const stream = findEndpoint("GET", "/alerts/stream");

export interface AlertStreamRoutesOptions {
  /** Streams on the process's alert bus (made and started by the composition root). */
  alertStream: AlertStreamService;
}

/**
 * GET /alerts/stream (Odin's own): live alerts over server-sent events, from the process's one alert
 * bus (app.ts makes it, starts it when the app is ready and ends the open streams first at shutdown,
 * or they would hold the server open). Exempt from the rate limit (security.ts): a stream is one long
 * request, and a client reconnects after every deploy or token renewal.
 */
export const alertStreamRoutes: FastifyPluginAsyncZod<AlertStreamRoutesOptions> = async (app, options) => {
  const { alertStream } = options;

  // No HEAD twin: it would open a stream that sends nothing.
  app.get(stream.path, { exposeHeadRoute: false }, (request, reply) =>
    alertStream.stream(
      {
        raw: reply.raw,
        takeOver: () => {
          reply.hijack();
          return reply.getHeaders();
        },
      },
      requireAuth(request),
    ),
  );
};
