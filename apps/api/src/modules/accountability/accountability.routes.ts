import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import type { ReadReplicas } from "../../lib/read-replicas";
import { requireAuth } from "../../plugins/authenticate";
import type { AccountabilityService } from "./accountability.services";
import { listReviewFlags } from "./review.service";

const caseFields = findEndpoint("GET", "/case-fields");
const updateCaseFields = findEndpoint("PUT", "/admin/case-fields");
const reviewFlags = findEndpoint("GET", "/review/flags");
const markReviewed = findEndpoint("POST", "/review/flags/reviewed");
const auditorFlag = findEndpoint("PUT", "/admin/users/:id/auditor");

/** Odin's own accountability calls (issue 23): structured justification, supervisor review. */
export const accountabilityRoutes: FastifyPluginAsyncZod<{
  accountability: AccountabilityService;
  replicas: ReadReplicas;
}> = async (app, { accountability, replicas }) => {
  app.get(
    caseFields.path,
    { schema: { response: { 200: caseFields.response, ...errorResponses(401) } } },
    (request) => accountability.findCaseFieldSettings(requireAuth(request)),
  );
  app.put(
    updateCaseFields.path,
    {
      schema: {
        body: updateCaseFields.body,
        response: { 200: updateCaseFields.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => accountability.updateCaseFieldSettings(requireAuth(request), request.body),
  );
  app.get(
    reviewFlags.path,
    {
      schema: {
        querystring: reviewFlags.query,
        response: { 200: reviewFlags.response, ...errorResponses(400, 401, 403) },
      },
    },
    // Read from a standby when one is fit (issue 42 item 1); marking a flag reviewed is a person's
    // change, so the reviewer's next list comes from the primary until a standby has it.
    (request, reply) => {
      const actor = requireAuth(request);
      return replicas.answer(actor, reply, (db) => listReviewFlags(db, actor, request.query));
    },
  );
  app.post(
    markReviewed.path,
    {
      schema: {
        body: markReviewed.body,
        response: { 200: markReviewed.response, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => accountability.markFlagReviewed(requireAuth(request), request.body),
  );
  app.put(
    auditorFlag.path,
    {
      schema: {
        params: auditorFlag.params,
        body: auditorFlag.body,
        response: { 200: auditorFlag.response, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => accountability.setAuditorFlag(requireAuth(request), request.params.id, request.body.auditor),
  );
};
