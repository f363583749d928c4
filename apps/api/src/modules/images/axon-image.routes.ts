import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { abortOnClose } from "../../lib/abort-on-close";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { sendImage } from "./send-image";
import type { VendorImagesService } from "./vendor-images.services";

const vehicleImage = findEndpoint("GET", "/proxy-axon-image");
const plateImage = findEndpoint("GET", "/proxy-axon-plate-image");
const errors = errorResponses(400, 401, 403, 404, 502, 504);

/**
 * Spec 000's Axon image proxies. Axon images need the integration's bearer token, so the browser asks
 * Odin, which fetches only from integrations the caller's agency may search (see openAxonImage).
 */
export const axonImageRoutes: FastifyPluginAsyncZod<{ images: VendorImagesService }> = async (
  app,
  { images },
) => {
  // The vehicle picture and the plate crop: one proxy at two paths.
  for (const endpoint of [vehicleImage, plateImage]) {
    app.get(
      endpoint.path,
      { schema: { querystring: endpoint.query, response: errors } },
      async (request, reply) => {
        return sendImage(
          reply,
          await images.openAxonImage(requireAuth(request), request.query, abortOnClose(reply)),
        );
      },
    );
  }
};
