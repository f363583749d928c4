import type { FastifyInstance } from "fastify";
import { renderReferencePage } from "./reference-page";
import {
  API_REFERENCE_PATH,
  buildOpenApiDocument,
  OPENAPI_PATH,
  type OpenApiOptions,
} from "./openapi-document";

/**
 * Issue 38 item 1: GET /openapi.json (the OpenAPI 3.1 document, made from the contract once at start)
 * and GET /api-reference (the same document as a readable page). Both public: they describe the calls,
 * never an agency's data.
 */
export async function apiReferenceRoutes(app: FastifyInstance, options: OpenApiOptions) {
  const document = JSON.stringify(buildOpenApiDocument(options));
  const page = renderReferencePage(JSON.parse(document) as Parameters<typeof renderReferencePage>[0]);
  app.get(OPENAPI_PATH, (_request, reply) =>
    reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(document),
  );
  app.get(API_REFERENCE_PATH, (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page),
  );
}
