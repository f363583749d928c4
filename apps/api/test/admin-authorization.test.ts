import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_POLICY } from "../src/access/access-policy";
import { agencyId, caller, multipart, userId, type Method } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas, type Persona } from "./tokens";

const HARTFORD = "Hartford Police Department";

/**
 * The administration routes beyond the role table (authorization-matrix.test.ts): an admin of
 * another agency reaches none of Hartford's objects (404, nothing changed), and the roles the table
 * refuses are refused with realistic requests too, changing nothing.
 */
describe("administration routes: agency scoping and refusals", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let requests: [Method, string, object?][];

  /** Everything a refused call could have changed, as text. */
  const state = async () =>
    JSON.stringify(
      await Promise.all([
        t.prisma.user.findMany({ orderBy: { id: "asc" } }),
        t.prisma.rekorApiKey.findMany({ orderBy: { id: "asc" } }),
        t.prisma.rekorCamera.findMany({ orderBy: { id: "asc" } }),
        t.prisma.axonIntegration.findMany({ orderBy: { id: "asc" } }),
        t.prisma.axonIntegrationAgency.findMany({ orderBy: [{ integrationId: "asc" }, { agencyId: "asc" }] }),
        t.prisma.passwordResetToken.count(),
        t.prisma.agency.findMany({ orderBy: { id: "asc" } }),
        t.prisma.instanceSetting.findMany(),
        t.prisma.mfaRecoveryCode.count(),
        t.prisma.auditLog.count(),
      ]),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t));
    const hartfordUser = await userId(t, "hartford.investigator");
    const hartfordKey = (await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: HARTFORD } })).id;
    const trooph = await agencyId(t, "Connecticut State Police Troop H");
    const newUser = { username: "new.one", name: "New", email: "new.one@x.org", password: "Str0ng-pass!" };
    requests = [
      ["GET", "/admin-data"],
      ["POST", "/admin/add-user", newUser],
      ["PUT", `/admin/toggle-role/${hartfordUser}`, { new_role: "admin" }],
      ["POST", `/admin/send-password-reset/${hartfordUser}`],
      ["POST", `/admin/unlock-user/${hartfordUser}`],
      ["GET", "/admin/mfa-policy"],
      ["PUT", "/admin/mfa-policy", { required: true }],
      ["PUT", "/owner/mfa-policy", { required: true }],
      ["POST", `/admin/reset-mfa/${hartfordUser}`],
      ["DELETE", `/admin/delete-user/${hartfordUser}`],
      ["GET", "/download-template"],
      [
        "POST",
        "/bulk-upload-users",
        multipart({
          file: { filename: "u.csv", content: "username,name,email,password\nb,B,b@x.org,Str0ng-pass!" },
        }),
      ],
      ["GET", "/admin-audit-logs-api"],
      ["GET", "/admin-audit-chain"],
      ["GET", "/admin-audit-logs-export"],
      [
        "PUT",
        "/admin/case-fields",
        { require_case_number: true, require_offense_category: false, offense_categories: [] },
      ],
      ["PUT", `/admin/users/${hartfordUser}/auditor`, { auditor: true }],
      // Issue 34: the agency's identity provider
      ["PUT", `/admin/users/${hartfordUser}/identity`, { idp_subject: "idp|someone" }],
      ["GET", "/owner/idp-rules"],
      ["POST", "/owner/idp-rules", { agency_id: 1, claim: "groups", value: "odin-users" }],
      ["DELETE", "/owner/idp-rules/1"],
      ["GET", "/admin/scim-token"],
      ["POST", "/admin/scim-token"],
      ["DELETE", "/admin/scim-token"],
      ["GET", "/admin/transparency"],
      ["PUT", "/admin/transparency", { enabled: true, sections: ["policy"], policy: "x" }],
      ["GET", "/admin/retention"],
      ["PUT", "/admin/retention", { policies: [{ record: "reads", source: "Axis", days: 10 }] }],
      ["GET", "/admin/legal-holds"],
      ["POST", "/admin/legal-holds", { case_number: "2026-1", reason: "Hold" }],
      ["POST", "/admin/legal-holds/1/release"],
      ["POST", "/add-api-key", { agency: "K", api_key: "key-0000111122223333" }],
      [
        "POST",
        "/bulk-upload-api-keys",
        multipart({ file: { filename: "k.csv", content: "agency,api_key\nK,key-0000111122223333" } }),
      ],
      ["POST", `/rekor-keys/${hartfordKey}/rotate-webhook-token`],
      ["DELETE", `/delete-api-key/${hartfordKey}`],
      ["GET", "/axon-existing-integration"],
      [
        "POST",
        "/add-axon-integration",
        { client_id: "c", secret_id: "s", partner_id: "p", base_url: "http://127.0.0.1:1" },
      ],
      ["DELETE", "/delete-axon-integration"],
      ["GET", "/get-authorized-and-blacklisted-agencies"],
      ["POST", "/add-to-blacklist", { agency_id: trooph }],
      ["POST", "/remove-from-blacklist", { agency_id: trooph }],
      ["GET", "/axis-integrations"],
      ["POST", "/axis-integrations", { name: "Gate", identifier: "auth-matrix-gate" }],
      ["POST", "/axis-integrations/999999/rotate-token"],
      ["POST", "/axis-integrations/999999/pause"],
      ["POST", "/axis-integrations/999999/resume"],
      ["DELETE", "/axis-integrations/999999"],
      ["GET", "/camera-health"],
      ["GET", "/api/admin/webhooks"],
      ["POST", "/api/admin/webhooks", { name: "Dispatch", url: "http://127.0.0.1:9/hook" }],
      ["PUT", "/api/admin/webhooks/999999", { name: "Dispatch", url: "http://127.0.0.1:9/hook" }],
      ["DELETE", "/api/admin/webhooks/999999"],
      ["POST", "/api/admin/webhooks/999999/test"],
      ["GET", "/api/admin/alert-email-settings"],
      ["PUT", "/api/admin/alert-email-settings", { alert_email_pictures: true }],
      ["GET", "/admin/api-clients"],
      ["POST", "/admin/api-clients", { name: "Matrix CAD", scopes: ["alerts:read"] }],
      ["POST", "/admin/api-clients/999999/rotate-secret"],
      ["POST", "/admin/api-clients/999999/deactivate"],
      ["GET", "/owner/agencies"],
      ["POST", "/owner/agencies", { name: "Matrix PD", code: "MPD", time_zone: "America/New_York" }],
      ["PATCH", `/owner/agencies/${trooph}`, { name: "Renamed" }],
      ["POST", `/owner/agencies/${trooph}/deactivate`],
      ["POST", `/owner/agencies/${trooph}/reactivate`],
      ["GET", "/owner-data"],
      ["POST", "/owner/add-user", { ...newUser, agency_id: trooph }],
      ["POST", "/admin/reset-user-password", { user_id: hartfordUser, new_password: "Temp0rary-pass!" }],
      ["GET", "/rekor-cameras"],
      ["GET", "/agencies-data"],
      [
        "PATCH",
        "/rekor-cameras/1101",
        { corrected_latitude: 1, corrected_longitude: 1, agency_id: null, is_manual: true },
      ],
    ];
  });
  afterAll(() => t?.close());

  it("the requests below cover every administration route", () => {
    const covered = new Set(requests.map(([method, url]) => `${method} ${url}`));
    const routes = Object.entries(ACCESS_POLICY)
      .filter(([, rule]) => rule.access === "admin" || rule.access === "owner")
      .map(([key]) => key);
    for (const route of routes) {
      const [method, path] = route.split(" ") as [string, string];
      const pattern = new RegExp(`^${method} ${path.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
      expect(
        [...covered].some((request) => pattern.test(request)),
        route,
      ).toBe(true);
    }
  });

  it.each(["investigator", "hotlistAdmin", "hotlistViewer"] as Persona[])(
    "%s is refused (403) everywhere and changes nothing",
    async (persona) => {
      const before = await state();
      for (const [method, url, body] of requests) {
        expect((await call(persona, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await state()).toBe(before);
    },
  );

  it("an admin who is not the owner is refused the owner's routes", async () => {
    const before = await state();
    for (const [method, url, body] of requests.filter(([, url]) =>
      ["/owner", "/admin/reset-user-password", "/rekor-cameras", "/agencies-data"].some((prefix) =>
        url.startsWith(prefix),
      ),
    )) {
      for (const persona of ["admin", "otherAgencyAdmin"] as Persona[]) {
        expect((await call(persona, method, url, body)).statusCode, `${persona} ${method} ${url}`).toBe(403);
      }
    }
    expect(await state()).toBe(before);
  });

  it("New Haven's admin reaches none of Hartford's users, keys or Axon lists (404)", async () => {
    const before = await state();
    for (const [method, url, body] of requests.filter(([, url]) =>
      /^\/(admin\/(toggle-role|send-password-reset|unlock-user|reset-mfa|delete-user)|delete-api-key)\//.test(
        url,
      ),
    )) {
      expect((await call("otherAgencyAdmin", method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url, body] of requests.filter(([, url]) =>
      ["/delete-axon-integration", "/add-to-blacklist", "/remove-from-blacklist"].includes(url),
    )) {
      expect((await call("otherAgencyAdmin", method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const users = (await call("otherAgencyAdmin", "GET", "/admin-data")).body;
    expect(users).not.toContain("hartford.");
    expect(await state()).toBe(before);
  });
});
