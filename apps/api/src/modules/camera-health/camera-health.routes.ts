import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { getCameraHealth, type CameraHealthDeps } from "./camera-health.service";

const health = findEndpoint("GET", "/camera-health");

/** GET /camera-health (Odin's own, admins): are the agency's cameras still sending? */
export const cameraHealthRoutes: FastifyPluginAsyncZod<{ deps: CameraHealthDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    health.path,
    { schema: { response: { 200: health.response, ...errorResponses(401, 403) } } },
    (request) => getCameraHealth(deps, requireAuth(request)),
  );
};
