/**
 * SCIM 2.0 provisioning (issue 34 item 3): `/scim/v2/...` for an agency's Microsoft Entra ID or Okta,
 * and the agency admin's token calls (`/admin/scim-token`). The SCIM calls live in a Fastify scope of
 * their own: RFC 7644's error message instead of Odin's `{ error: { code, message } }`, the
 * `application/scim+json` media type both ways, and their own bearer (the agency's SCIM token, not a
 * user's: the access table lists them as public to Odin's sign-in hook).
 */
import { findEndpoint } from "@odin/contract";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../../lib/database-unavailable";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { oneResourceType, oneSchema, resourceTypes, schemas, serviceProviderConfig } from "./scim-discovery";
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  patchGroup,
  replaceGroup,
} from "./scim-groups.service";
import { ScimError, scimErrorBody, type ScimErrorType } from "./scim-protocol";
import {
  authenticateScim,
  createScimToken,
  getScimTokenStatus,
  revokeScimToken,
  scimBaseUrl,
  type ScimClient,
  type ScimDeps,
} from "./scim-token.service";
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from "./scim-users.service";

export const SCIM_MEDIA_TYPE = "application/scim+json";

declare module "fastify" {
  interface FastifyRequest {
    /** The SCIM caller (set by the SCIM scope's hook for every `/scim/v2` call). */
    scimClient: ScimClient | null;
  }
}

/** Entra ID sends up to 25 requests a second per tenant; the default per-client limit is 10. */
const SCIM_RATE = { rateLimit: { max: 3000, timeWindow: "1 minute" } };

/** Fastify's own failures of a request, as SCIM errors. */
function fastifyFailure(
  error: FastifyError,
): { status: number; scimType?: ScimErrorType; detail: string } | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return {
        status: 400,
        scimType: "invalidSyntax",
        detail: `The body is not valid JSON: ${error.message}`,
      };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, detail: `Send ${SCIM_MEDIA_TYPE} (or application/json).` };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, detail: "The body is too large." };
  }
  if (error.statusCode === 429)
    return { status: 429, detail: "Too many requests. Wait a moment and try again." };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, detail: error.message };
  }
  return null;
}

function sendScimError(reply: FastifyReply, status: number, detail: string, scimType?: ScimErrorType) {
  if (status === 401) reply.header("www-authenticate", 'Bearer realm="Odin SCIM"');
  return reply
    .status(status)
    .type(SCIM_MEDIA_TYPE)
    .send(scimErrorBody(status, detail, scimType));
}

/** The SCIM caller of a `/scim/v2` route (the scope's hook guarantees it). */
function client(request: FastifyRequest): ScimClient {
  if (!request.scimClient) throw new ScimError(401, "The request carries no bearer token.");
  return request.scimClient;
}

type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;
type ListRequest = FastifyRequest<{ Querystring: Record<string, unknown> }>;

const scimApi: FastifyPluginAsync<{ deps: ScimDeps }> = async (app, { deps }) => {
  const base = scimBaseUrl(deps.publicUrl);
  app.addContentTypeParser(
    SCIM_MEDIA_TYPE,
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "ignore"),
  );
  app.decorateRequest("scimClient", null);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ScimError) return sendScimError(reply, error.status, error.message, error.scimType);
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      const scimType: ScimErrorType | undefined =
        error.code === "VALIDATION_FAILED"
          ? "invalidValue"
          : error.code === "CONFLICT"
            ? "uniqueness"
            : undefined;
      return sendScimError(reply, error.status, error.message, scimType);
    }
    const failure = fastifyFailure(error);
    if (failure) return sendScimError(reply, failure.status, failure.detail, failure.scimType);
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unreachable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return sendScimError(reply, 503, "Odin's database is unreachable: try again shortly.");
    }
    request.log.error({ err: error }, "unhandled SCIM error");
    return sendScimError(reply, 500, `Internal server error (request ${request.id}).`);
  });
  app.setNotFoundHandler((request, reply) =>
    sendScimError(reply, 404, `No SCIM endpoint ${request.method} ${request.url.split("?")[0]}.`),
  );

  // Every SCIM call carries the agency's token: the caller is known before anything else is read.
  app.addHook("onRequest", async (request) => {
    request.scimClient = await authenticateScim(deps, request.headers.authorization, {
      ip: request.ip,
      requestId: String(request.id),
    });
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (payload !== undefined && payload !== null && payload !== "") reply.type(SCIM_MEDIA_TYPE);
    return payload;
  });

  const options = { config: SCIM_RATE };

  app.get("/ServiceProviderConfig", options, async () => serviceProviderConfig(base));
  app.get("/ResourceTypes", options, async () => resourceTypes(base));
  app.get("/ResourceTypes/:id", options, async (request: IdRequest) =>
    oneResourceType(request.params.id, base),
  );
  app.get("/Schemas", options, async () => schemas(base));
  app.get("/Schemas/:id", options, async (request: IdRequest) => oneSchema(request.params.id, base));

  app.get("/Users", options, async (request: ListRequest) => listUsers(deps, client(request), request.query));
  app.post("/Users", options, async (request, reply) => {
    const user = await createUser(deps, client(request), request.body);
    return reply.status(201).header("location", user.meta.location).send(user);
  });
  app.get("/Users/:id", options, async (request: IdRequest) =>
    getUser(deps, client(request), request.params.id),
  );
  app.put("/Users/:id", options, async (request: IdRequest) =>
    replaceUser(deps, client(request), request.params.id, request.body),
  );
  app.patch("/Users/:id", options, async (request: IdRequest) =>
    patchUser(deps, client(request), request.params.id, request.body),
  );
  app.delete("/Users/:id", options, async (request: IdRequest, reply) => {
    await deleteUser(deps, client(request), request.params.id);
    return reply.status(204).send();
  });

  app.get("/Groups", options, async (request: ListRequest) =>
    listGroups(deps, client(request), request.query),
  );
  app.post("/Groups", options, async (request, reply) => {
    const group = await createGroup(deps, client(request), request.body);
    return reply.status(201).header("location", group.meta.location).send(group);
  });
  app.get("/Groups/:id", options, async (request: IdRequest) =>
    getGroup(deps, client(request), request.params.id, request.query.excludedAttributes),
  );
  app.put("/Groups/:id", options, async (request: IdRequest) =>
    replaceGroup(deps, client(request), request.params.id, request.body),
  );
  app.patch("/Groups/:id", options, async (request: IdRequest, reply) => {
    await patchGroup(deps, client(request), request.params.id, request.body);
    return reply.status(204).send();
  });
  app.delete("/Groups/:id", options, async (request: IdRequest, reply) => {
    await deleteGroup(deps, client(request), request.params.id);
    return reply.status(204).send();
  });
};

const readToken = findEndpoint("GET", "/admin/scim-token");
const createToken = findEndpoint("POST", "/admin/scim-token");
const revokeToken = findEndpoint("DELETE", "/admin/scim-token");

/** The agency admin's SCIM token calls (Odin's own, Odin's error shape). */
const scimTokenRoutes: FastifyPluginAsyncZod<{ deps: ScimDeps }> = async (app, { deps }) => {
  app.get(
    readToken.path,
    { schema: { response: { 200: readToken.response, ...errorResponses(401, 403, 409) } } },
    (request) => getScimTokenStatus(deps, requireAuth(request)),
  );
  app.post(
    createToken.path,
    { schema: { response: { 200: createToken.response, ...errorResponses(401, 403, 409) } } },
    (request) => createScimToken(deps, requireAuth(request)),
  );
  app.delete(
    revokeToken.path,
    { schema: { response: { 200: revokeToken.response, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => ({
      success: true as const,
      message: await revokeScimToken(deps, requireAuth(request)),
    }),
  );
};

export const scimRoutes: FastifyPluginAsync<{ deps: ScimDeps }> = async (app, { deps }) => {
  await app.register(scimApi, { prefix: "/scim/v2", deps });
  await app.register(scimTokenRoutes, { deps });
};
