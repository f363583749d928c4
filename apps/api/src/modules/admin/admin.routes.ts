import { findEndpoint, ZApiError } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../plugins/auth";
import { unlockUser } from "./admin.service";

const unlock = findEndpoint("POST", "/admin/unlock-user/:id");

/** Administration of the agency's users (spec 001 §7 Admin; the rest arrives with issue 8). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    unlock.path,
    {
      schema: {
        params: unlock.params,
        response: { 200: unlock.response, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      success: true as const,
      message: await unlockUser(app.prisma, request, requireAuth(request), request.params.id),
    }),
  );
};
