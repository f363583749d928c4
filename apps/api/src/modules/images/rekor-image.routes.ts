import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { abortOnClose } from "../../lib/abort-on-close";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { sendImage } from "./send-image";
import type { VendorImagesService } from "./vendor-images.services";

const proxy = findEndpoint("GET", "/proxy-rekor-image");

/**
 * GET /proxy-rekor-image: a Rekor vehicle image through Odin, so the browser never holds the vendor
 * key (`api_key` is the result's signed handle). The type is the one sniffed from the bytes.
 */
export const rekorImageRoutes: FastifyPluginAsyncZod<{ images: VendorImagesService }> = async (
  app,
  { images },
) => {
  app.get(
    proxy.path,
    {
      schema: {
        querystring: proxy.query,
        response: {
          // The image bytes, sent as they are (Fastify does not serialize a Buffer).
          200: z.instanceof(Buffer),
          ...errorResponses(400, 401, 403, 404, 502, 504),
        },
      },
    },
    async (request, reply) => {
      return sendImage(
        reply,
        await images.openRekorImage(requireAuth(request), request.query, abortOnClose(reply)),
      );
    },
  );
};
