import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { CameraHealthService } from "./camera-health.services";

const health = findEndpoint("GET", "/camera-health");

/** GET /camera-health (Odin's own, admins): are the agency's cameras still sending? */
export const cameraHealthRoutes: FastifyPluginAsyncZod<{ cameraHealth: CameraHealthService }> = async (
  app,
  { cameraHealth },
) => {
  app.get(
    health.path,
    { schema: { response: { 200: health.response, ...errorResponses(401, 403) } } },
    (request) => cameraHealth.getCameraHealth(requireAuth(request)),
  );
};
