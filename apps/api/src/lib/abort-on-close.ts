import type { ServerResponse } from "node:http";

/**
 * A signal that stops the work behind an answer when the client goes away before the answer is
 * complete (a thumbnail scrolled past, a download cancelled); an answer already sent aborts nothing.
 * Takes the reply (Fastify's reply is one) for its Node response only.
 */
export function abortOnClose(reply: { raw: ServerResponse }, reason?: Error): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(reason);
  });
  return controller.signal;
}
