import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { filePart } from "../../plugins/multipart";
import { requireAuth } from "../../plugins/authenticate";
import type { AdminService } from "./admin.services";

const adminData = findEndpoint("GET", "/admin-data");
const add = findEndpoint("POST", "/admin/add-user");
const toggleRole = findEndpoint("PUT", "/admin/toggle-role/:id");
const sendReset = findEndpoint("POST", "/admin/send-password-reset/:id");
const unlock = findEndpoint("POST", "/admin/unlock-user/:id");
const remove = findEndpoint("DELETE", "/admin/delete-user/:id");
const template = findEndpoint("GET", "/download-template");
const bulk = findEndpoint("POST", "/bulk-upload-users");

const errors = errorResponses(400, 401, 403, 404, 409, 502, 503);
const resetMfa = findEndpoint("POST", "/admin/reset-mfa/:id");

/** Spec 001 §7 Admin: the agency's users, administered by its admins (the owner reaches every agency). */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.get(adminData.path, { schema: { response: { 200: adminData.response, ...errors } } }, (request) =>
    admin.listAdministeredUsers(requireAuth(request)),
  );

  app.post(
    add.path,
    { schema: { body: admin.addUserBody, response: { 200: add.response, ...errors } } },
    async (request) => {
      const actor = requireAuth(request);
      const { agency_id: requested, ...user } = request.body;
      return successMessage(await admin.addUser(actor, user, await admin.agencyForNewUser(actor, requested)));
    },
  );

  app.put(
    toggleRole.path,
    {
      schema: {
        params: toggleRole.params,
        body: toggleRole.body,
        response: { 200: toggleRole.response, ...errors },
      },
    },
    async (request) =>
      successMessage(await admin.changeRole(requireAuth(request), request.params.id, request.body.new_role)),
  );

  app.post(
    sendReset.path,
    {
      schema: { params: sendReset.params, response: { 200: sendReset.response, ...errors } },
      // Each call mails someone: a generous cap for an admin, a wall for a script.
      config: { rateLimit: { max: 30, timeWindow: "15 minutes" } },
    },
    async (request) =>
      successMessage(await admin.sendUserPasswordReset(requireAuth(request), request.params.id)),
  );

  app.post(
    unlock.path,
    { schema: { params: unlock.params, response: { 200: unlock.response, ...errors } } },
    async (request) => successMessage(await admin.unlockUser(requireAuth(request), request.params.id)),
  );

  app.delete(
    remove.path,
    { schema: { params: remove.params, response: { 200: remove.response, ...errors } } },
    async (request) => successMessage(await admin.deleteUser(requireAuth(request), request.params.id)),
  );

  // A file, not JSON: no response schema (errors still leave through the error handler's shape).
  app.get(template.path, async (_request, reply) =>
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="odin-users-template.csv"')
      .header("cache-control", "no-store")
      .send(admin.userCsvTemplate),
  );

  app.post(
    bulk.path,
    {
      schema: {
        body: bulk.body,
        response: { 200: bulk.response, ...errors, ...errorResponses(413, 415) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      // The owner names the agency in a text field of the form; an admin's own agency is implied.
      const field = (request.body as Record<string, unknown>).agency_id;
      const requested = typeof field === "string" && /^\d+$/.test(field.trim()) ? Number(field) : undefined;
      const agencyId = await admin.agencyForNewUser(actor, requested);
      return admin.uploadUsers(actor, agencyId, filePart(request.body, "file"));
    },
  );

  app.post(
    resetMfa.path,
    {
      schema: {
        params: resetMfa.params,
        response: { 200: resetMfa.response, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => successMessage(await admin.resetUserMfa(requireAuth(request), request.params.id)),
  );
};
