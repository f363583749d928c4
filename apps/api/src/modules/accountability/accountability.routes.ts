import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/auth";
import { findCaseFieldSettings, updateCaseFieldSettings } from "./case-fields.service";

const caseFields = findEndpoint("GET", "/case-fields");
const updateCaseFields = findEndpoint("PUT", "/admin/case-fields");

/** Odin's own accountability calls (issue 23): structured justification settings. */
export const accountabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    caseFields.path,
    { schema: { response: { 200: caseFields.response, ...errorResponses(401) } } },
    (request) => findCaseFieldSettings(app.prisma, requireAuth(request)),
  );
  app.put(
    updateCaseFields.path,
    {
      schema: {
        body: updateCaseFields.body,
        response: { 200: updateCaseFields.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => updateCaseFieldSettings(app.prisma, requireAuth(request), request.body),
  );
};
