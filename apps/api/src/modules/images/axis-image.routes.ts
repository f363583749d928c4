import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../plugins/authenticate";
import type { AxisImagesService } from "./axis-images.service";
import { sendImage } from "./send-image";

const byPath = findEndpoint("GET", "/proxy-axis-image");
const byDetection = findEndpoint("GET", "/axis/proxy-detection-image");

/** The pictures of stored Axis (RAVEN) reads, to callers who may search the camera's integration. */
export const axisImageRoutes: FastifyPluginAsyncZod<{ axisImages: AxisImagesService }> = async (
  app,
  { axisImages },
) => {
  app.get(byPath.path, { schema: { querystring: byPath.query } }, async (request, reply) =>
    sendImage(reply, await axisImages.byPath(requireAuth(request), request.query.path)),
  );
  app.get(byDetection.path, { schema: { querystring: byDetection.query } }, async (request, reply) =>
    sendImage(reply, await axisImages.byDetection(requireAuth(request), request.query.id)),
  );
};
