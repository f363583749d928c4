import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { requireAuth } from "../../plugins/authenticate";
import type { HotlistsService } from "./hotlists.services";

const errors = errorResponses(400, 401, 403);
const users = findEndpoint("GET", "/agency-users-api");
const update = findEndpoint("POST", "/update-alert-permissions-api");

/** Edit Alerts Permissions (001 §2, §7): the agency's users and their hotlist flags. */
export const permissionRoutes: FastifyPluginAsyncZod<{ hotlists: HotlistsService }> = async (
  app,
  { hotlists },
) => {
  app.get(users.path, { schema: { response: { 200: users.response, ...errors } } }, (request) =>
    hotlists.listAgencyUsers(requireAuth(request)),
  );

  app.post(
    update.path,
    { schema: { body: update.body, response: { 200: update.response, ...errors } } },
    async (request) => successMessage(await hotlists.updatePermissions(requireAuth(request), request.body)),
  );
};
