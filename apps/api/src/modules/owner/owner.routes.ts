import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { requireAuth } from "../../plugins/authenticate";
import type { OwnerService } from "./owner.services";

const ownerData = findEndpoint("GET", "/owner-data");
const add = findEndpoint("POST", "/owner/add-user");
const reset = findEndpoint("POST", "/admin/reset-user-password");
const agencies = findEndpoint("GET", "/agencies-data");

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/** Spec 001 §7 Owner: users across agencies, for the one owner account (OWNER_USERNAME). */
export const ownerRoutes: FastifyPluginAsyncZod<{ owner: OwnerService }> = async (app, { owner }) => {
  app.get(ownerData.path, { schema: { response: { 200: ownerData.response, ...errors } } }, () =>
    owner.getOwnerData(),
  );

  app.post(
    add.path,
    { schema: { body: owner.addUserBody, response: { 200: add.response, ...errors } } },
    async (request) => {
      const { agency_id: agencyId, ...user } = request.body;
      return successMessage(await owner.addUserToAgency(requireAuth(request), user, agencyId));
    },
  );

  app.post(
    reset.path,
    { schema: { body: reset.body, response: { 200: reset.response, ...errors } } },
    async (request) =>
      successMessage(
        await owner.resetUserPassword(requireAuth(request), request.body.user_id, request.body.new_password),
      ),
  );

  app.get(agencies.path, { schema: { response: { 200: agencies.response, ...errors } } }, () =>
    owner.findAgencies(),
  );
};
