import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { requireAuth } from "../../plugins/authenticate";
import type { UserAdminDeps } from "../admin/admin-deps";
import { addUser, ownerAddUserBodyFor } from "../admin/add-user.service";
import { findActiveAgencyOrFail, findAgencies } from "../admin/agencies.repository";
import { getOwnerData, resetUserPassword } from "./owner.service";

const ownerData = findEndpoint("GET", "/owner-data");
const add = findEndpoint("POST", "/owner/add-user");
const reset = findEndpoint("POST", "/admin/reset-user-password");
const agencies = findEndpoint("GET", "/agencies-data");

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/** Spec 001 §7 Owner: users across agencies, for the one owner account (OWNER_USERNAME). */
export const ownerRoutes: FastifyPluginAsyncZod<{ deps: UserAdminDeps }> = async (app, { deps }) => {
  app.get(ownerData.path, { schema: { response: { 200: ownerData.response, ...errors } } }, () =>
    getOwnerData(deps),
  );

  app.post(
    add.path,
    { schema: { body: ownerAddUserBodyFor(deps.identityAdmin), response: { 200: add.response, ...errors } } },
    async (request) => {
      const { agency_id: agencyId, ...user } = request.body;
      const agency = await findActiveAgencyOrFail(deps.prisma, agencyId);
      return successMessage(await addUser(deps, requireAuth(request), user, agency.id));
    },
  );

  app.post(
    reset.path,
    { schema: { body: reset.body, response: { 200: reset.response, ...errors } } },
    async (request) =>
      successMessage(
        await resetUserPassword(deps, requireAuth(request), request.body.user_id, request.body.new_password),
      ),
  );

  app.get(agencies.path, { schema: { response: { 200: agencies.response, ...errors } } }, () =>
    findAgencies(deps.prisma),
  );
};
