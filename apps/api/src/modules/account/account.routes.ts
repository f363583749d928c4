import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { requireAuth } from "../../plugins/authenticate";
import { refuseWhileLockedOut } from "./lockout-refusal";
import { PASSWORD_UPDATED, toCurrentUser, toProfile } from "./account.service";
import type { AccountService } from "./account.services";

const errors = errorResponses(400, 401, 403, 409, 429);
const currentUser = findEndpoint("GET", "/get-current-user");
const profile = findEndpoint("GET", "/profile-data");
const revoke = findEndpoint("POST", "/session/revoke");
const sendReset = findEndpoint("POST", "/auth0/send-password-reset");
const resetOwn = findEndpoint("POST", "/user/reset-password");
const pushAlerts = findEndpoint("POST", "/toggle-push-alerts");

/** Spec 001 §7 Account: the signed-in user's own data, session and password. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get(currentUser.path, { schema: { response: { 200: currentUser.response, ...errors } } }, (request) =>
    toCurrentUser(requireAuth(request)),
  );

  app.get(profile.path, { schema: { response: { 200: profile.response, ...errors } } }, (request) =>
    toProfile(requireAuth(request)),
  );

  app.post(revoke.path, { schema: { response: { 200: revoke.response, ...errors } } }, async (request) => {
    await account.revokeSession(requireAuth(request));
    return successMessage("Signed out.");
  });

  app.post(
    sendReset.path,
    {
      schema: { response: { 200: sendReset.response, ...errors } },
      config: { rateLimit: { max: 5, timeWindow: "15 minutes" } },
    },
    async (request) => successMessage(await account.sendPasswordResetLink(requireAuth(request))),
  );

  app.post(
    pushAlerts.path,
    { schema: { response: { 200: pushAlerts.response, ...errors } } },
    async (request) => ({ push_alerts: await account.togglePushAlerts(requireAuth(request).user) }),
  );

  app.post(
    resetOwn.path,
    { schema: { body: resetOwn.body, response: { 200: resetOwn.response, ...errors } } },
    async (request, reply) => {
      const actor = requireAuth(request);
      // A locked account answers 429 with Retry-After before any password is checked (issue 36, F21).
      if (account.builtInIdentity && actor.user.passwordHash)
        refuseWhileLockedOut(reply, actor.user, account.lockoutMs);
      await account.changeOwnPassword(actor, request.body);
      return successMessage(PASSWORD_UPDATED);
    },
  );
};
