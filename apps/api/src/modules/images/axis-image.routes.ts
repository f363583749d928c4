import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { requireAuth } from "../../plugins/authenticate";
import { findSearchableAxisIntegrations, searchScopeOf } from "../../sources/search-scope.repository";
import { parseStoredImagePath, type ImageStore } from "../../storage/image-store";
import { findAxisDetectionImage } from "./images.repository";
import { sendImage } from "./send-image";

const byPath = findEndpoint("GET", "/proxy-axis-image");
const byDetection = findEndpoint("GET", "/axis/proxy-detection-image");

const NOT_FOUND = "Image not found.";

/**
 * The pictures of stored Axis (RAVEN) reads: by stored path (a result's axis_path / axis_plate_path)
 * or by detection id (alerts). Either way the caller's agency must be able to search the integration
 * that took the picture; otherwise the answer is the same 404 as for a picture that does not exist.
 */
export const axisImageRoutes: FastifyPluginAsyncZod<{ images: ImageStore }> = async (app, options) => {
  const searchableIntegrationIds = async (request: Parameters<typeof requireAuth>[0]) => {
    const integrations = await findSearchableAxisIntegrations(
      app.prisma,
      searchScopeOf(requireAuth(request)),
    );
    return new Set(integrations.map((integration) => integration.id));
  };

  app.get(byPath.path, { schema: { querystring: byPath.query } }, async (request, reply) => {
    const stored = parseStoredImagePath(request.query.path);
    if (!stored || stored.area !== "axis") {
      throw new AppError("VALIDATION_FAILED", "path is not the path of a stored Axis picture.");
    }
    if (!(await searchableIntegrationIds(request)).has(stored.ownerId))
      throw new AppError("NOT_FOUND", NOT_FOUND);
    const image = await options.images.get(request.query.path);
    if (!image) throw new AppError("NOT_FOUND", NOT_FOUND);
    return sendImage(reply, image);
  });

  app.get(byDetection.path, { schema: { querystring: byDetection.query } }, async (request, reply) => {
    const id = /^(?:axis-)?(\d{1,18})$/.exec(request.query.id)?.[1];
    if (!id) throw new AppError("VALIDATION_FAILED", "id is not the id of a stored Axis read.");
    const detection = await findAxisDetectionImage(app.prisma, BigInt(id));
    if (
      !detection?.imagePath ||
      !(await searchableIntegrationIds(request)).has(detection.axisIntegrationId)
    ) {
      throw new AppError("NOT_FOUND", NOT_FOUND);
    }
    const image = await options.images.get(detection.imagePath);
    if (!image) throw new AppError("NOT_FOUND", NOT_FOUND);
    return sendImage(reply, image);
  });
};
