import {
  API_CLIENT_SCOPE_LABELS,
  APP_CONFIG_PATH,
  ENDPOINT_EXAMPLES,
  ENDPOINTS,
  WEB_ROUTES,
  ZApiError,
  type AnyEndpoint,
  type Endpoint,
} from "@odin/contract";
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { ACCESS_POLICY, type AccessRule } from "../../access/access-policy";
import { clientScopesOf } from "../../access/client-scopes";
import { ALERT_WEBHOOK_DOCUMENT } from "./webhook-event";

/** Where the document is served (public, like /healthz): docs/integrations.md. */
export const OPENAPI_PATH = "/openapi.json";
/** The readable reference page made from the document. */
export const API_REFERENCE_PATH = "/api-reference";

/**
 * Routes the app registers that are not calls of the API, each with the reason. The route-coverage test
 * (test/openapi-document.test.ts) fails on any other route the document lacks.
 */
export const NOT_IN_DOCUMENT: Readonly<Record<string, string>> = {
  [`GET ${APP_CONFIG_PATH}`]: "the web app's runtime configuration, a script",
  "GET /assets/*": "the web app's files",
  "GET /favicon.svg": "the web app's files",
  "GET /favicon.ico": "the web app's files",
  "GET /sw.js": "the web app's service worker",
  ...Object.fromEntries(WEB_ROUTES.map((route) => [`GET ${route}`, "a page of the web app"])),
  "GET /oidc/*": "the built-in OpenID provider, described by its discovery document",
  "POST /oidc/*": "the built-in OpenID provider, described by its discovery document",
  "DELETE /oidc/*": "the built-in OpenID provider, described by its discovery document",
  "OPTIONS /oidc/*": "the built-in OpenID provider, described by its discovery document",
  "GET /oidc-assets/autosubmit.js": "the built-in provider's sign-in pages",
  "GET /oidc/interaction/:uid": "the built-in provider's sign-in pages",
  "POST /oidc/interaction/:uid/login": "the built-in provider's sign-in pages",
  "POST /oidc/interaction/:uid/mfa": "the built-in provider's sign-in pages",
  "GET /reset-password": "a page of the built-in provider (a form)",
  "POST /reset-password": "a page of the built-in provider (a form)",
  "GET /setup": "the first-run page (a form, with the one-time link printed at start)",
  "POST /setup": "the first-run page (a form, with the one-time link printed at start)",
  [`GET ${API_REFERENCE_PATH}`]: "this document as a readable page",
};

const SCIM_MEDIA_TYPE = "application/scim+json";
const ERROR_RESPONSE = { $ref: "#/components/responses/Error" };

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");
const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path
    .replace(/:([A-Za-z]+)/g, "by-$1")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("")}`;

function accessOf(method: string, path: string): AccessRule {
  const rule = ACCESS_POLICY[`${method} ${path}`];
  if (!rule) throw new Error(`No access rule for ${method} ${path}: add one to src/access/access-policy.ts`);
  return rule;
}

const ACCESS_WORDS: Record<AccessRule["access"], string> = {
  public: "no token",
  signed_in: "a valid token, with or without an Odin account yet",
  user: "any signed-in, approved user",
  hotlist_viewer: "an admin, or a user with the hotlist admin or hotlist viewer flag",
  hotlist_admin: "an admin, or a user with the hotlist admin flag",
  auditor: "an admin, or a user with the auditor flag",
  admin: "an agency admin",
  owner: "the owner",
};

function describeAccess(rule: AccessRule): string {
  return `Access: ${ACCESS_WORDS[rule.access]} (\`${rule.access}\`), scope: ${rule.scope}.`;
}

/** The request body, by the call's encoding; file fields of a multipart body as binary strings. */
function requestBody(endpoint: Endpoint, example: unknown): ZodOpenApiOperationObject["requestBody"] {
  if (!endpoint.body && !endpoint.files?.length) return undefined;
  if (endpoint.contentType === "multipart") {
    const files = Object.fromEntries((endpoint.files ?? []).map((name) => [name, z.file()]));
    const body = endpoint.body instanceof z.ZodObject ? endpoint.body : z.object({});
    return { required: true, content: { "multipart/form-data": { schema: body.extend(files) } } };
  }
  const mediaType =
    endpoint.contentType === "form" ? "application/x-www-form-urlencoded" : "application/json";
  return {
    required: true,
    content: { [mediaType]: { schema: endpoint.body!, ...(example === undefined ? {} : { example }) } },
  };
}

function successResponse(endpoint: Endpoint, example: unknown): ZodOpenApiResponseObject {
  // A header holds JSON (its schema is the parsed value): see the call's summary.
  const headers = endpoint.responseHeaders ? z.object(endpoint.responseHeaders) : undefined;
  const content =
    endpoint.response === "binary"
      ? Object.fromEntries((endpoint.binaryTypes ?? []).map((type) => [type, {}]))
      : {
          "application/json": {
            schema: endpoint.response,
            ...(example === undefined ? {} : { example }),
          },
        };
  return { description: "OK", content, ...(headers ? { headers } : {}) };
}

function contractOperation(endpoint: AnyEndpoint, clientsByOAuth: boolean): ZodOpenApiOperationObject {
  const call: Endpoint = endpoint;
  const rule = accessOf(call.method, call.path);
  // Issue 38 item 2: the scopes an API client needs for this call (null: no client may make it).
  const clientScopes = rule.access === "public" ? null : clientScopesOf(`${call.method} ${call.path}`);
  const example = ENDPOINT_EXAMPLES[`${call.method} ${call.path}`];
  const hasInput = Boolean(call.body ?? call.query ?? call.params ?? call.files);
  const isPublic = rule.access === "public";
  const body = requestBody(call, example?.request);
  return {
    operationId: operationId(call.method, call.path),
    summary: call.summary,
    description: describeAccess(rule),
    tags: [tagOf(call.path)],
    security: isPublic
      ? []
      : [
          { bearer: [] },
          { oidc: [] },
          ...(clientScopes && clientsByOAuth ? [{ apiClient: [...clientScopes] }] : []),
        ],
    "x-odin-access": { level: rule.access, scope: rule.scope },
    ...(clientScopes ? { "x-odin-client-scopes": [...clientScopes] } : {}),
    "x-odin-spec": call.spec,
    requestParams: {
      ...(call.params ? { path: call.params as z.ZodObject } : {}),
      ...(call.query ? { query: call.query as z.ZodObject } : {}),
    },
    ...(body ? { requestBody: body } : {}),
    responses: {
      200: successResponse(call, example?.response),
      ...(hasInput ? { 400: { $ref: "#/components/responses/ValidationFailed" } } : {}),
      ...(isPublic ? {} : { 401: { $ref: "#/components/responses/Unauthenticated" } }),
      ...(isPublic ? {} : { 403: { $ref: "#/components/responses/Forbidden" } }),
      429: { $ref: "#/components/responses/RateLimited" },
      default: ERROR_RESPONSE,
    },
  };
}

/** SCIM 2.0 (RFC 7643/7644) for the agency's Entra ID or Okta: its own shapes, token and error body. */
function scimOperation(method: string, path: string): ZodOpenApiOperationObject {
  const rule = accessOf(method, path);
  const resource = z.looseObject({ schemas: z.array(z.string()) }).meta({
    description: "A SCIM resource or message as RFC 7643 and RFC 7644 define it",
  });
  return {
    operationId: operationId(method, path),
    summary: `SCIM 2.0: ${method} ${path.replace("/scim/v2", "")} (RFC 7644)`,
    description:
      "Called by the agency's identity provider with the agency's SCIM token (POST /admin/scim-token), " +
      "scoped to that agency. Errors use SCIM's error message, not Odin's.",
    tags: ["SCIM 2.0"],
    security: [{ scimToken: [] }],
    "x-odin-access": { level: "scim_token", scope: rule.scope },
    ...(path.includes(":id") ? { requestParams: { path: z.object({ id: z.string() }) } } : {}),
    ...(["POST", "PUT", "PATCH"].includes(method)
      ? { requestBody: { required: true, content: { [SCIM_MEDIA_TYPE]: { schema: resource } } } }
      : {}),
    responses: {
      [method === "POST" ? 201 : method === "DELETE" ? 204 : 200]:
        method === "DELETE"
          ? { description: "Deleted" }
          : { description: "OK", content: { [SCIM_MEDIA_TYPE]: { schema: resource } } },
      default: {
        description: "A SCIM error (RFC 7644 §3.12)",
        content: { [SCIM_MEDIA_TYPE]: { schema: resource } },
      },
    },
  };
}

function tagOf(path: string): string {
  const first = path.split("/").filter(Boolean)[0] ?? "";
  if (first === "api") return path.split("/")[2] === "admin" ? "admin" : (path.split("/")[2] ?? "api");
  return first.replace(/-data$|-api$/, "") || "odin";
}

function addOperation(
  paths: ZodOpenApiPathsObject,
  method: string,
  path: string,
  op: ZodOpenApiOperationObject,
) {
  const key = toOpenApiPath(path);
  paths[key] = { ...paths[key], [method.toLowerCase()]: op };
}

export interface OpenApiOptions {
  /** ODIN_PUBLIC_URL: the server the document names. */
  publicUrl: string;
  /** The OpenID issuer whose access tokens the API takes (built-in: `<public URL>/oidc`). */
  issuer: string;
  /** The document's version (info.version). */
  version?: string;
  /**
   * Where API clients take tokens by client credentials (the built-in provider's `<issuer>/token`);
   * absent with an external issuer, whose token endpoint is the agency's own.
   */
  clientTokenUrl?: string;
}

const ApiError = ZApiError.meta({
  id: "ApiError",
  description: "The one error body of every failed call; `details` lists the failing fields of a 400.",
});
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ApiError } },
});

/**
 * The OpenAPI 3.1 document of the API, made from the contract's endpoint table (the one source of every
 * call's shapes) and the access table (who may call it). Built once per process: it depends on no request.
 */
export function buildOpenApiDocument(options: OpenApiOptions): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of ENDPOINTS)
    addOperation(
      paths,
      endpoint.method,
      endpoint.path,
      contractOperation(endpoint, Boolean(options.clientTokenUrl)),
    );
  for (const key of Object.keys(ACCESS_POLICY).filter((entry) => entry.includes(" /scim/v2/"))) {
    const [method, path] = key.split(" ") as [string, string];
    addOperation(paths, method, path, scimOperation(method, path));
  }
  addOperation(paths, "GET", OPENAPI_PATH, {
    operationId: "getOpenapiJson",
    summary: "This document: every call of the API, generated from Odin's contract (Odin's own)",
    description: describeAccess(accessOf("GET", OPENAPI_PATH)),
    tags: ["odin"],
    security: [],
    "x-odin-access": { level: "public", scope: "none" },
    responses: { 200: { description: "The OpenAPI 3.1 document", content: { "application/json": {} } } },
  });
  const issuer = options.issuer.replace(/\/+$/, "");
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Odin API",
      version: options.version ?? "1.0.0",
      description:
        "Licence-plate search and hotlist alerts. Generated from Odin's contract (packages/contract); " +
        "each call's `x-odin-access` names who may call it. Failures share one body, `ApiError`. " +
        "Alert webhooks are described under `webhooks` (docs/integrations.md).",
    },
    servers: [{ url: options.publicUrl.replace(/\/+$/, "") }],
    paths,
    webhooks: ALERT_WEBHOOK_DOCUMENT,
    components: {
      schemas: { ApiError },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: `An access token from the OpenID issuer ${issuer} (Authorization: Bearer <token>).`,
        },
        oidc: {
          type: "openIdConnect",
          openIdConnectUrl: `${issuer}/.well-known/openid-configuration`,
        },
        ...(options.clientTokenUrl
          ? {
              apiClient: {
                type: "oauth2",
                description:
                  "An agency's API client (issue 38): a token by OAuth 2.0 client credentials (HTTP Basic with " +
                  "the client's id and secret, `resource` = the API's audience). A client may make only the " +
                  "calls its scopes list (`x-odin-client-scopes`); searches still need a justification.",
                flows: {
                  clientCredentials: {
                    tokenUrl: options.clientTokenUrl,
                    scopes: API_CLIENT_SCOPE_LABELS,
                  },
                },
              },
            }
          : {}),
        scimToken: {
          type: "http",
          scheme: "bearer",
          description: "The agency's SCIM provisioning token (POST /admin/scim-token), for /scim/v2 only.",
        },
      },
      responses: {
        ValidationFailed: errorResponse(
          "VALIDATION_FAILED: the request's failing fields are in error.details",
        ),
        Unauthenticated: errorResponse("UNAUTHENTICATED: no valid bearer token"),
        Forbidden: errorResponse("FORBIDDEN: the caller's role or agency may not make this call"),
        RateLimited: errorResponse("RATE_LIMITED: too many calls; wait and try again"),
        Error: errorResponse("Any other failure (404, 409, 5xx...): error.code names it"),
      },
    },
  });
  return document as unknown as Record<string, unknown>;
}
