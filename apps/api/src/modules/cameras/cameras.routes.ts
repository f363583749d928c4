import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { CamerasService } from "./cameras.service";

const list = findEndpoint("GET", "/rekor-cameras");
const update = findEndpoint("PATCH", "/rekor-cameras/:cameraId");

const errors = errorResponses(400, 401, 403, 404);

/** Spec 001 §7 cameras: the owner corrects where Rekor cameras stand and which agency they serve. */
export const cameraRoutes: FastifyPluginAsyncZod<{ cameras: CamerasService }> = async (app, { cameras }) => {
  app.get(list.path, { schema: { response: { 200: list.response, ...errors } } }, () =>
    cameras.listRekorCameras(),
  );

  app.patch(
    update.path,
    { schema: { params: update.params, body: update.body, response: { 200: update.response, ...errors } } },
    (request) => cameras.updateRekorCamera(requireAuth(request), request.params.cameraId, request.body),
  );
};
