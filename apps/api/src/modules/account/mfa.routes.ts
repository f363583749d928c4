import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { requireAuth } from "../../plugins/authenticate";
import { refuseWhileLockedOut } from "./lockout-refusal";
import type { MfaService } from "./mfa.services";

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const status = findEndpoint("GET", "/account/mfa");
const enrol = findEndpoint("POST", "/account/mfa/enrol");
const confirm = findEndpoint("POST", "/account/mfa/confirm");
const disable = findEndpoint("POST", "/account/mfa/disable");
const adminPolicy = findEndpoint("GET", "/admin/mfa-policy");
const setAdminPolicy = findEndpoint("PUT", "/admin/mfa-policy");
const setOwnerPolicy = findEndpoint("PUT", "/owner/mfa-policy");

// Codes are guessable in a million tries: every call that checks one is held to a few per minute.
const codeLimit = { rateLimit: { max: 10, timeWindow: "1 minute" } };

/** Odin's own calls for two-step sign-in (issue 18 item 5): the profile's set-up, the admin's rule and reset. */
export const mfaRoutes: FastifyPluginAsyncZod<{ mfa: MfaService }> = async (app, { mfa }) => {
  app.get(status.path, { schema: { response: { 200: status.response, ...errors } } }, (request) =>
    mfa.mfaStatus(requireAuth(request)),
  );

  app.post(enrol.path, { schema: { response: { 200: enrol.response, ...errors } } }, (request) =>
    mfa.startEnrolment(requireAuth(request).user),
  );

  app.post(
    confirm.path,
    { schema: { body: confirm.body, response: { 200: confirm.response, ...errors } }, config: codeLimit },
    async (request, reply) => {
      const actor = requireAuth(request);
      // Wrong codes count toward the sign-in lockout; a locked account is refused (issue 36, F21).
      refuseWhileLockedOut(reply, actor.user, mfa.lockoutMs);
      return { recovery_codes: await mfa.confirmOwnEnrolment(actor, request.body.code) };
    },
  );

  app.post(
    disable.path,
    { schema: { body: disable.body, response: { 200: disable.response, ...errors } }, config: codeLimit },
    async (request, reply) => {
      const actor = requireAuth(request);
      refuseWhileLockedOut(reply, actor.user, mfa.lockoutMs);
      return successMessage(await mfa.disableOwnMfa(actor, request.body.code));
    },
  );

  app.get(adminPolicy.path, { schema: { response: { 200: adminPolicy.response, ...errors } } }, (request) =>
    mfa.readMfaPolicy(requireAuth(request)),
  );

  app.put(
    setAdminPolicy.path,
    { schema: { body: setAdminPolicy.body, response: { 200: setAdminPolicy.response, ...errors } } },
    (request) => mfa.setAgencyMfaPolicy(requireAuth(request), request.body.required),
  );

  app.put(
    setOwnerPolicy.path,
    { schema: { body: setOwnerPolicy.body, response: { 200: setOwnerPolicy.response, ...errors } } },
    (request) => mfa.setInstanceMfaPolicy(requireAuth(request), request.body.required),
  );
};
