import { ENDPOINTS } from "@odin/contract";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientScopesOf } from "../src/access/client-scopes";
import { ACCESS_POLICY } from "../src/access/access-policy";
import {
  API_REFERENCE_PATH,
  NOT_IN_DOCUMENT,
  OPENAPI_PATH,
} from "../src/modules/api-reference/openapi-document";
import { buildTestApp, type TestApp } from "./helpers";

/**
 * Issue 38 item 1: the OpenAPI 3.1 document, generated from the contract and served at GET /openapi.json,
 * holds every route the API registers, and an independent validator (not Odin's code) accepts it.
 */
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown> & { "x-odin-access"?: unknown }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  webhooks?: Record<string, unknown>;
}

const OPERATIONS = new Set(["get", "post", "put", "patch", "delete"]);
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  document = res.json<OpenApiDocument>();
});
afterAll(() => t.close());

/** "METHOD /path" of every operation the document describes. */
function documentedOperations(): Set<string> {
  const found = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item).filter((key) => OPERATIONS.has(key))) {
      found.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return found;
}

/**
 * Every route the app registers: the authentication hook refuses to register a route without an entry in
 * the access table (authorization-matrix.test.ts proves it), so the table's entries that the app holds
 * are exactly its routes.
 */
function registeredRoutes(app: TestApp["app"]): string[] {
  return Object.keys(ACCESS_POLICY).filter((key) => {
    const [method, url] = key.split(" ") as [HTTPMethods, string];
    return app.hasRoute({ method, url });
  });
}

describe("GET /openapi.json (issue 38 item 1)", () => {
  it("is an OpenAPI 3.1 document an independent validator accepts", async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every route the app registers (or says why a route is not an API call)", () => {
    const documented = documentedOperations();
    const registered = registeredRoutes(t.app);
    expect(registered.length).toBeGreaterThan(100);
    const missing = registered.filter(
      (key) => !documented.has(key.replace(/ (.*)$/, (_, path: string) => ` ${toOpenApiPath(path)}`)),
    );
    expect(missing.filter((key) => !(key in NOT_IN_DOCUMENT))).toEqual([]);
    // And nothing left out is in the document after all, or no longer exists.
    expect(
      Object.keys(NOT_IN_DOCUMENT).filter((key) => !missing.includes(key) && !registered.includes(key)),
    ).toEqual([]);
  });

  it("describes no route the app does not register", () => {
    const registered = new Set(registeredRoutes(t.app).map((key) => key.replace(/:([A-Za-z]+)/g, "{$1}")));
    expect([...documentedOperations()].filter((key) => !registered.has(key))).toEqual([]);
  });

  it("holds every call of the contract, with its access level and the error shape", () => {
    for (const endpoint of ENDPOINTS) {
      const operation = document.paths[toOpenApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      const rule = ACCESS_POLICY[`${endpoint.method} ${endpoint.path}`]!;
      expect(operation!["x-odin-access"]).toEqual({ level: rule.access, scope: rule.scope });
      // Issue 38 item 2: a call an API client may make names the scopes it needs.
      const clientScopes =
        rule.access === "public" ? null : clientScopesOf(`${endpoint.method} ${endpoint.path}`);
      expect(operation!.security).toEqual(
        rule.access === "public"
          ? []
          : [{ bearer: [] }, { oidc: [] }, ...(clientScopes ? [{ apiClient: clientScopes }] : [])],
      );
      expect(operation!["x-odin-client-scopes"]).toEqual(clientScopes ?? undefined);
      expect(JSON.stringify(operation!.responses)).toContain("#/components/responses/Error");
    }
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(["bearer", "oidc", "scimToken", "apiClient"]),
    );
    expect(document.components.schemas.ApiError).toMatchObject({ type: "object" });
  });

  it("carries the contract's examples", () => {
    const search = document.paths["/search-data"]!.post! as {
      requestBody: { content: Record<string, { example?: { justification?: string } }> };
    };
    expect(search.requestBody.content["application/json"]!.example?.justification).toBeTruthy();
  });

  it("reads as a page at GET /api-reference: every call, its method and who may call it", async () => {
    const res = await t.app.inject({ method: "GET", url: API_REFERENCE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(`<a href="${OPENAPI_PATH}">`);
    expect(res.body).toMatch(/<code>POST<\/code><\/td><th scope="row"><code>\/search-data<\/code>/);
    expect(res.body).toContain("user (agency)");
    expect(res.body).not.toContain("<script");
    // Issue 40: an icon named inline, so no /favicon.ico request is upgraded to https over plain http.
    expect(res.body).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
  });

  it("is public and the same on every call", async () => {
    const again = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(again.json()).toEqual(document);
  });
});
