import { findEndpoint } from "@odin/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/auth";
import { openAxonImage } from "../../sources/axon/axon.source";
import type { SourceDeps } from "../../sources/detection-source";
import { searchScopeOf } from "../../sources/search-scope.repository";
import type { VendorImage } from "../../sources/vendor-http";

const vehicleImage = findEndpoint("GET", "/proxy-axon-image");
const plateImage = findEndpoint("GET", "/proxy-axon-plate-image");
const errors = errorResponses(400, 401, 403, 404, 502, 504);

/** Stops the vendor call when the browser goes away (a scrolled-past thumbnail). */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The bytes as sniffed (never the vendor's Content-Type), cacheable by the caller's browser only. */
function sendImage(reply: FastifyReply, image: VendorImage) {
  return reply
    .type(image.contentType)
    .header("cache-control", "private, max-age=3600")
    .header("x-content-type-options", "nosniff")
    .send(image.body);
}

/**
 * Spec 000's Axon image proxies. Axon images need the integration's bearer token, so the browser asks
 * Odin, which fetches only from integrations the caller's agency may search (see openAxonImage).
 */
export const axonImageRoutes: FastifyPluginAsyncZod<{ deps: SourceDeps }> = async (app, { deps }) => {
  app.get(
    vehicleImage.path,
    { schema: { querystring: vehicleImage.query, response: errors } },
    async (request, reply) => {
      const scope = searchScopeOf(requireAuth(request));
      return sendImage(reply, await openAxonImage(deps, scope, request.query, abortOnClose(reply)));
    },
  );

  app.get(
    plateImage.path,
    { schema: { querystring: plateImage.query, response: errors } },
    async (request, reply) => {
      const scope = searchScopeOf(requireAuth(request));
      return sendImage(reply, await openAxonImage(deps, scope, request.query, abortOnClose(reply)));
    },
  );
};
