import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AlertBus } from "./alert-bus";
import { requireAuth } from "../../../plugins/authenticate";
import { streamAlerts } from "./alert-stream";

const stream = findEndpoint("GET", "/alerts/stream");
/** The contract's keep-alive: a `: ping` comment every 15 s. */
const PING_MS = 15_000;

export interface AlertStreamRoutesOptions {
  /** The process's alert bus (made and started by the composition root, app.ts). */
  bus: AlertBus;
}

/**
 * GET /alerts/stream (Odin's own): live alerts over server-sent events, from the process's one alert
 * bus (app.ts makes it, starts it when the app is ready and ends the open streams first at shutdown,
 * or they would hold the server open). Exempt from the rate limit (security.ts): a stream is one long
 * request, and a client reconnects after every deploy or token renewal.
 */
export const alertStreamRoutes: FastifyPluginAsyncZod<AlertStreamRoutesOptions> = async (app, options) => {
  const { bus } = options;

  // No HEAD twin: it would open a stream that sends nothing.
  app.get(stream.path, { exposeHeadRoute: false }, (request, reply) =>
    streamAlerts(
      {
        raw: reply.raw,
        takeOver: () => {
          reply.hijack();
          return reply.getHeaders();
        },
      },
      requireAuth(request),
      {
        prisma: app.prisma,
        bus,
        pingMs: PING_MS,
      },
    ),
  );
};
