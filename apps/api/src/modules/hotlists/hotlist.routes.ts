import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { acceptFormPosts } from "../../identity/html-forms";
import { requireAuth } from "../../plugins/authenticate";
import { groupEditRoutes } from "./group-edit.routes";
import { hotlistFileRoutes } from "./hotlist-files.routes";
import { permissionRoutes } from "./permissions.routes";
import type { HotlistsService } from "./hotlists.services";

const errors = errorResponses(400, 401, 403, 404, 409);
const alertsData = findEndpoint("GET", "/alerts-data");
const addPlate = findEndpoint("POST", "/hotlist/add-plate-direct");
const details = findEndpoint("GET", "/alerts/group/:groupId/details-data");

/**
 * Hotlist groups, plates, uploads and permissions (000 §7, 001 §7 Alert groups). Who may see or
 * change a group is group-access.ts; the access table only says which roles may call at all.
 */
export const hotlistRoutes: FastifyPluginAsyncZod<{ hotlists: HotlistsService }> = async (
  app,
  { hotlists },
) => {
  // remove-plate sends an HTML-form body (001 §7: "form field plate_id"); parsed in this scope only.
  acceptFormPosts(app);

  app.get(alertsData.path, { schema: { response: { 200: alertsData.response, ...errors } } }, (request) =>
    hotlists.listGroupCards(requireAuth(request)),
  );

  app.post(
    addPlate.path,
    { schema: { body: addPlate.body, response: { 200: addPlate.response, ...errors } } },
    async (request) => successMessage(await hotlists.addPlateDirect(requireAuth(request), request.body)),
  );

  app.get(
    details.path,
    { schema: { params: details.params, response: { 200: details.response, ...errors } } },
    (request) => hotlists.getGroupDetails(requireAuth(request), request.params.groupId),
  );

  await app.register(groupEditRoutes, { hotlists });
  await app.register(hotlistFileRoutes, { hotlists });
  await app.register(permissionRoutes, { hotlists });
};
