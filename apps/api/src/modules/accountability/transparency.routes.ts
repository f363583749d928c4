import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { AccountabilityService } from "./accountability.services";
import type { Transparency } from "./transparency.service";

const index = findEndpoint("GET", "/transparency-data");
const page = findEndpoint("GET", "/transparency-data/:code");
const settings = findEndpoint("GET", "/admin/transparency");
const updateSettings = findEndpoint("PUT", "/admin/transparency");

/** Issue 23 item 3: the agencies' public transparency pages, and their admins' settings. */
export const transparencyRoutes: FastifyPluginAsyncZod<{
  accountability: AccountabilityService;
  transparency: Transparency;
}> = async (app, { accountability, transparency }) => {
  app.get(index.path, { schema: { response: { 200: index.response } } }, () => transparency.listPublished());
  app.get(
    page.path,
    { schema: { params: page.params, response: { 200: page.response, ...errorResponses(400, 404) } } },
    (request) => transparency.findPage(request.params.code),
  );
  app.get(
    settings.path,
    { schema: { response: { 200: settings.response, ...errorResponses(401, 403, 409) } } },
    (request) => accountability.findTransparencySettings(requireAuth(request)),
  );
  app.put(
    updateSettings.path,
    {
      schema: {
        body: updateSettings.body,
        response: { 200: updateSettings.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => accountability.updateTransparencySettings(requireAuth(request), request.body),
  );
};
