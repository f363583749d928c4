import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createAlertBus } from "./alert-bus";
import { requireAuth } from "../../../plugins/authenticate";
import { streamAlerts } from "./alert-stream";

const stream = findEndpoint("GET", "/alerts/stream");
/** The contract's keep-alive: a `: ping` comment every 15 s. */
const PING_MS = 15_000;

export interface AlertStreamRoutesOptions {
  /** The database the alerts are announced on: the listener needs a connection of its own. */
  databaseUrl: string;
}

/**
 * GET /alerts/stream (Odin's own): live alerts over server-sent events. One alert bus (one LISTEN
 * connection) per API process, started when the app is ready; at shutdown the open streams are ended
 * first (preClose), or they would hold the server open. Exempt from the rate limit (security.ts): a
 * stream is one long request, and a client reconnects after every deploy or token renewal.
 */
export const alertStreamRoutes: FastifyPluginAsyncZod<AlertStreamRoutesOptions> = async (app, options) => {
  const bus = createAlertBus({ prisma: app.prisma, databaseUrl: options.databaseUrl, log: app.log });
  app.addHook("onReady", async () => bus.start());
  app.addHook("preClose", () => bus.close());

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
