import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  ENDPOINTS,
  SEARCH_SOURCES_HEADER,
  ZSearchRequest,
  ZSearchResponse,
  ZSearchSourcesHeader,
  findEndpoint,
  toPath,
} from "../src/index";

/** Both specs' call tables, written out so the contract cannot drift from them. */
const SPEC_CALLS = [
  "GET /get-current-user",
  "GET /api-keys-data",
  "GET /axon-authorized-integrations",
  "GET /axis-authorized-agencies",
  "POST /search-data",
  "GET /alerts-data",
  "POST /hotlist/add-plate-direct",
  "POST /session/revoke",
  "POST /export-pdf",
  "POST /export-zip",
  "POST /generate-map-snapshot",
  "GET /proxy-rekor-image",
  "GET /proxy-axon-image",
  "GET /proxy-axon-plate-image",
  "GET /proxy-axis-image",
  "GET /alerts/proxy-alert-image",
  "GET /axis/proxy-detection-image",
  "GET /profile-data",
  "POST /auth0/send-password-reset",
  "POST /user/reset-password",
  "POST /toggle-push-alerts",
  "GET /alerts/group/:groupId/data",
  "GET /alerts/group/:groupId/details-data",
  "GET /api/alerts/:id",
  "GET /get-hotlist-attachment-url/:filename",
  "GET /groups/:groupId/edit-data",
  "POST /groups/:groupId/edit-mobile",
  "POST /groups/:groupId/bulk-upload-plates",
  "POST /groups/:groupId/remove-plate",
  "POST /archive-group",
  "GET /group-create-data",
  "POST /groups/create-mobile",
  "GET /agency-users-api",
  "POST /update-alert-permissions-api",
  "GET /admin-data",
  "POST /admin/add-user",
  "PUT /admin/toggle-role/:id",
  "POST /admin/send-password-reset/:id",
  "DELETE /admin/delete-user/:id",
  "GET /download-template",
  "POST /bulk-upload-users",
  "POST /add-api-key",
  "POST /bulk-upload-api-keys",
  "DELETE /delete-api-key/:id",
  "GET /axon-existing-integration",
  "POST /add-axon-integration",
  "DELETE /delete-axon-integration",
  "GET /get-authorized-and-blacklisted-agencies",
  "POST /add-to-blacklist",
  "POST /remove-from-blacklist",
  "GET /owner-data",
  "POST /owner/add-user",
  "POST /admin/reset-user-password",
  "GET /rekor-cameras",
  "GET /agencies-data",
  "PATCH /rekor-cameras/:cameraId",
  "GET /admin-audit-logs-api",
];

const keyOf = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

/**
 * Schema kinds that zod's encode (used by the API's response serializer) refuses or that need input
 * to fill them; answer schemas must not contain them.
 */
function encodeHazards(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const hazards: string[] = [];
  if (["transform", "default", "prefault", "catch"].includes(def.type)) hazards.push(def.type);
  if (def.coerce) hazards.push("coerce");
  const children: unknown[] = [
    def.innerType,
    def.element,
    def.in,
    def.out,
    def.keyType,
    def.valueType,
    def.left,
    def.right,
  ];
  if (def.shape) children.push(...Object.values(def.shape as Record<string, unknown>));
  for (const list of [def.options, def.items]) {
    if (!Array.isArray(list)) continue;
    const items: unknown[] = list;
    children.push(...items);
  }
  for (const child of children) if (child instanceof z.ZodType) hazards.push(...encodeHazards(child, seen));
  return hazards;
}

describe("ENDPOINTS", () => {
  it("holds every call of both specs exactly once, plus Odin's own calls", () => {
    const keys = ENDPOINTS.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(SPEC_CALLS).size).toBe(SPEC_CALLS.length);
    for (const call of SPEC_CALLS) expect(keys.filter((key) => key === call)).toEqual([call]);
    const own = [
      "GET /healthz",
      "POST /admin/unlock-user/:id",
      "POST /ingest/axis/:identifier",
      "POST /ingest/rekor/:keyId",
      "POST /rekor-keys/:id/rotate-webhook-token",
      "GET /geocode/reverse",
      "GET /alerts/stream",
      "POST /api/alerts/:id/disposition",
      "POST /api/alerts/:id/acknowledge",
      "GET /alerts/unread-count",
      "GET /alerts/misreads-by-camera",
      "GET /api/profile/alert-channels",
      "POST /api/profile/alert-channels",
      "GET /api/groups/:groupId/alert-settings",
      "POST /api/groups/:groupId/alert-settings",
      "GET /api/alerts/:id/deliveries",
      "GET /api/account/push-subscriptions",
      "POST /api/account/push-subscriptions",
      "DELETE /api/account/push-subscriptions",
      "POST /api/account/push-subscriptions/rotate",
      "POST /api/account/push-devices",
      "DELETE /api/account/push-devices",
      "GET /api/admin/webhooks",
      "POST /api/admin/webhooks",
      "PUT /api/admin/webhooks/:id",
      "DELETE /api/admin/webhooks/:id",
      "POST /api/admin/webhooks/:id/test",
      // Issue 38 item 5: the agency's alert e-mail picture switch
      "GET /api/admin/alert-email-settings",
      "PUT /api/admin/alert-email-settings",
      "GET /hotlist-attachments/:filename",
      "GET /groups/:groupId/image",
      "GET /axis-integrations",
      "POST /axis-integrations",
      "POST /axis-integrations/:id/rotate-token",
      "POST /axis-integrations/:id/pause",
      "POST /axis-integrations/:id/resume",
      "DELETE /axis-integrations/:id",
      "GET /camera-health",
      "GET /owner/agencies",
      "POST /owner/agencies",
      "PATCH /owner/agencies/:id",
      "POST /owner/agencies/:id/deactivate",
      "POST /owner/agencies/:id/reactivate",
      "GET /admin-audit-chain",
      "GET /export-keys",
      "POST /verify-export",
      "GET /account/mfa",
      "POST /account/mfa/enrol",
      "POST /account/mfa/confirm",
      "POST /account/mfa/disable",
      "GET /admin/mfa-policy",
      "PUT /admin/mfa-policy",
      "PUT /owner/mfa-policy",
      "POST /admin/reset-mfa/:id",
      "GET /case-fields",
      "PUT /admin/case-fields",
      "GET /search/cameras",
      "POST /search-data/next",
      "POST /search/area",
      "POST /search/places",
      "POST /search/companions",
      "POST /search/pattern",
      "GET /review/flags",
      "GET /admin-audit-logs-export",
      "POST /review/flags/reviewed",
      "PUT /admin/users/:id/auditor",
      "GET /transparency-data",
      "GET /transparency-data/:code",
      "GET /admin/transparency",
      "PUT /admin/transparency",
      "GET /admin/retention",
      "PUT /admin/retention",
      "GET /admin/legal-holds",
      "POST /admin/legal-holds",
      "POST /admin/legal-holds/:id/release",
      // Issue 34: the agency's identity provider
      "POST /session/link",
      "PUT /admin/users/:id/identity",
      "GET /owner/idp-rules",
      "POST /owner/idp-rules",
      "DELETE /owner/idp-rules/:id",
      "GET /admin/scim-token",
      "POST /admin/scim-token",
      "DELETE /admin/scim-token",
      // Issue 38 item 2: the agency's API clients
      "GET /admin/api-clients",
      "POST /admin/api-clients",
      "POST /admin/api-clients/:id/rotate-secret",
      "POST /admin/api-clients/:id/deactivate",
    ];
    expect(keys.filter((key) => !SPEC_CALLS.includes(key)).sort()).toEqual([...own].sort());
    for (const key of own) {
      expect(ENDPOINTS.find((endpoint) => keyOf(endpoint) === key)?.spec, key).toBe("odin");
    }
    expect(ENDPOINTS.find((endpoint) => endpoint.path === "/healthz")?.spec).toBe("odin");
  });

  it("declares params exactly for the path's :parameters", () => {
    for (const endpoint of ENDPOINTS) {
      const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      const params = "params" in endpoint ? endpoint.params : undefined;
      const declared = params instanceof z.ZodObject ? Object.keys(params.shape) : [];
      expect(declared, keyOf(endpoint)).toEqual(names);
    }
  });

  it("sends no body with GET and gives every call a summary and an answer", () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.method === "GET") expect("body" in endpoint, keyOf(endpoint)).toBe(false);
      expect(endpoint.summary.length, keyOf(endpoint)).toBeGreaterThan(0);
      if (endpoint.response === "binary")
        expect("binaryTypes" in endpoint && endpoint.binaryTypes.length).toBeGreaterThan(0);
    }
  });

  it("uses only answer schemas the API's serializer can encode", () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.response === "binary") continue;
      expect(encodeHazards(endpoint.response), keyOf(endpoint)).toEqual([]);
    }
  });

  it("detects the hazards it guards against", () => {
    expect(encodeHazards(ZSearchRequest)).toContain("transform");
    expect(encodeHazards(z.object({ page: z.coerce.number().default(1) }))).toEqual(["default", "coerce"]);
  });

  it("converts every schema to JSON Schema, for the API's OpenAPI document", () => {
    for (const endpoint of ENDPOINTS) {
      for (const part of ["params", "query", "body"] as const) {
        const schema = part in endpoint ? (endpoint as Record<string, unknown>)[part] : undefined;
        if (schema instanceof z.ZodType) expect(() => z.toJSONSchema(schema, { io: "input" })).not.toThrow();
      }
      if (endpoint.response !== "binary")
        expect(() => z.toJSONSchema(endpoint.response, { io: "output" })).not.toThrow();
    }
  });

  it("gives the search its request, list answer and status header", () => {
    const search = findEndpoint("POST", "/search-data");
    expect(search.body).toBe(ZSearchRequest);
    expect(search.response).toBe(ZSearchResponse);
    expect(search.responseHeaders[SEARCH_SOURCES_HEADER]).toBe(ZSearchSourcesHeader);
    expectTypeOf(search.body).toEqualTypeOf<typeof ZSearchRequest>();
    const answer = [
      {
        id: "1",
        plate: "ABC",
        timestamp: "2025-01-15T10:00:00Z",
        source_program: "Rekor" as const,
        api_key: "h.s",
      },
    ];
    expect(z.safeEncode(ZSearchResponse, answer).success).toBe(true);
  });

  it("describes binary answers and multipart uploads", () => {
    expect(findEndpoint("POST", "/export-pdf").binaryTypes).toEqual(["application/pdf"]);
    expect(findEndpoint("GET", "/proxy-rekor-image").response).toBe("binary");
    expect(findEndpoint("POST", "/groups/:groupId/bulk-upload-plates").files).toEqual(["csv_file"]);
    expect(findEndpoint("POST", "/groups/:groupId/remove-plate").contentType).toBe("form");
    expect(() => findEndpoint("GET", "/nowhere" as "/healthz")).toThrow();
    // @ts-expect-error: /search-data is a POST, so the types refuse a GET of it
    expect(() => findEndpoint("GET", "/search-data")).toThrow();
  });

  it("fills path parameters", () => {
    expect(toPath("/alerts/group/:groupId/data", { groupId: 7 })).toBe("/alerts/group/7/data");
    expect(toPath("/get-hotlist-attachment-url/:filename", { filename: "a b.pdf" })).toBe(
      "/get-hotlist-attachment-url/a%20b.pdf",
    );
    expect(() => toPath("/api/alerts/:id")).toThrow();
  });
});
