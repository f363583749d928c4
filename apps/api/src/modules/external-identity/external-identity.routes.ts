import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { AppError } from "../../lib/app-error";
import { requireAuth, requireVerifiedToken } from "../../plugins/authenticate";
import { linkSignIn, type AccountLinkDeps } from "./account-link.service";
import {
  addRule,
  getRules,
  removeRule,
  setUserIdentity,
  type ExternalIdentityDeps,
} from "./external-identity.service";

const errors = errorResponses(400, 401, 403, 404, 409);
const link = findEndpoint("POST", "/session/link");
const identity = findEndpoint("PUT", "/admin/users/:id/identity");
const rules = findEndpoint("GET", "/owner/idp-rules");
const addOne = findEndpoint("POST", "/owner/idp-rules");
const removeOne = findEndpoint("DELETE", "/owner/idp-rules/:id");

/** Issue 34: sign-in through the agency's identity provider (account-link.service.ts). */
export const externalIdentityRoutes: FastifyPluginAsyncZod<{
  link: AccountLinkDeps | null;
  deps: ExternalIdentityDeps;
}> = async (app, options) => {
  app.post(
    link.path,
    {
      schema: { body: link.body, response: { 200: link.response, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const token = requireVerifiedToken(request);
      if (!options.link)
        throw new AppError("CONFLICT", "Odin signs people in itself: there is nothing to link.");
      return linkSignIn(
        options.link,
        {
          token,
          accessToken: /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "",
          ip: request.ip,
          requestId: String(request.id),
          log: request.log,
        },
        request.body.id_token,
      );
    },
  );

  app.put(
    identity.path,
    {
      schema: {
        params: identity.params,
        body: identity.body,
        response: { 200: identity.response, ...errors },
      },
    },
    async (request) =>
      successMessage(
        await setUserIdentity(
          options.deps,
          requireAuth(request),
          request.params.id,
          request.body.idp_subject,
        ),
      ),
  );

  app.get(rules.path, { schema: { response: { 200: rules.response, ...errors } } }, () =>
    getRules(options.deps),
  );

  app.post(
    addOne.path,
    { schema: { body: addOne.body, response: { 200: addOne.response, ...errors } } },
    (request) => addRule(options.deps, requireAuth(request), request.body),
  );

  app.delete(
    removeOne.path,
    { schema: { params: removeOne.params, response: { 200: removeOne.response, ...errors } } },
    async (request) =>
      successMessage(await removeRule(options.deps, requireAuth(request), request.params.id)),
  );
};
