/**
 * src/access/ is the access policy: what a known caller may call. It signs no one in and verifies no token.
 * - access-policy.ts (this file): every route's access level and scope, the one table the server enforces;
 * - permits.ts: whether a caller's role and flags meet a level;
 * - actor.ts: the caller (`Actor`) that services and repositories take instead of a Fastify request.
 * Who the caller is comes from elsewhere: src/identity/ is the built-in OpenID provider that signs users
 * in (built-in-provider.ts), and src/plugins/authenticate.ts is the request hook that verifies the bearer token,
 * makes the Actor and applies this table.
 */
import { WEB_ROUTES } from "@odin/contract";

/**
 * Who may call each API route: the one table the server enforces (plugins/authenticate.ts). A route with no
 * entry fails at start-up, so nothing is ever exposed by omission.
 *
 * - public: no token (health, the web app's files, the identity provider).
 * - signed_in: a valid bearer token, with or without an Odin account yet (issue 34: the call that links
 *   a sign-in through the agency's identity provider to its account). The route reads the token itself.
 * - user: any signed-in, approved user.
 * - hotlist_viewer: role admin, or the hotlist_admin or hotlist_viewer flag (the Alerts link rule).
 * - hotlist_admin: role admin, or the hotlist_admin flag (Edit Group rule).
 * - admin: role admin.
 * - auditor: role admin, or the auditor flag (issue 23: the supervisor review screen).
 * - owner: the one owner-level user (OWNER_USERNAME).
 *
 * `scope` says how the service limits the data to the caller: it is documentation here, enforced by
 * each service and proven by the authorization matrix test with an admin of another agency.
 */
export type Access =
  "public" | "signed_in" | "user" | "hotlist_viewer" | "hotlist_admin" | "auditor" | "admin" | "owner";

export interface AccessRule {
  access: Access;
  scope: "none" | "self" | "agency" | "group" | "all agencies";
}

const rule = (access: Access, scope: AccessRule["scope"]): AccessRule => ({ access, scope });

export const ACCESS_POLICY: Record<string, AccessRule> = {
  // Odin's own
  "GET /healthz": rule("public", "none"),
  "GET /app-config.js": rule("public", "none"),
  // Issue 38: the OpenAPI 3.1 document made from the contract, and the same as a readable page
  "GET /openapi.json": rule("public", "none"),
  "GET /api-reference": rule("public", "none"),
  "GET /oidc-assets/autosubmit.js": rule("public", "none"),
  "GET /oidc/interaction/:uid": rule("public", "none"),
  "POST /oidc/interaction/:uid/login": rule("public", "none"),
  "GET /reset-password": rule("public", "none"),
  "POST /reset-password": rule("public", "none"),
  // First run: "Create the owner account", only with the one-time link printed at start (modules/setup)
  "GET /setup": rule("public", "none"),
  "POST /setup": rule("public", "none"),
  "DELETE /oidc/*": rule("public", "none"),
  "GET /oidc/*": rule("public", "none"),
  "OPTIONS /oidc/*": rule("public", "none"),
  "POST /oidc/*": rule("public", "none"),

  // Camera pushes: authenticated by the integration's own ingest token, not a user's (modules/ingest/axis-ingest.ts)
  "POST /ingest/axis/:identifier": rule("public", "none"),
  // A Rekor agent's webhook: authenticated by the key's webhook token (modules/ingest/rekor-webhook.ts)
  "POST /ingest/rekor/:keyId": rule("public", "none"),

  // SCIM 2.0 provisioning (issue 34 item 3): the agency's Entra ID or Okta. Public to this hook because the
  // SCIM plugin checks its own bearer (the agency's SCIM token, modules/scim/scim-token.service.ts) and
  // answers 401 in SCIM's error shape without one; every call is scoped to the token's agency.
  "GET /scim/v2/ServiceProviderConfig": rule("public", "agency"),
  "GET /scim/v2/ResourceTypes": rule("public", "agency"),
  "GET /scim/v2/ResourceTypes/:id": rule("public", "agency"),
  "GET /scim/v2/Schemas": rule("public", "agency"),
  "GET /scim/v2/Schemas/:id": rule("public", "agency"),
  "GET /scim/v2/Users": rule("public", "agency"),
  "POST /scim/v2/Users": rule("public", "agency"),
  "GET /scim/v2/Users/:id": rule("public", "agency"),
  "PUT /scim/v2/Users/:id": rule("public", "agency"),
  "PATCH /scim/v2/Users/:id": rule("public", "agency"),
  "DELETE /scim/v2/Users/:id": rule("public", "agency"),
  "GET /scim/v2/Groups": rule("public", "agency"),
  "POST /scim/v2/Groups": rule("public", "agency"),
  "GET /scim/v2/Groups/:id": rule("public", "agency"),
  "PUT /scim/v2/Groups/:id": rule("public", "agency"),
  "PATCH /scim/v2/Groups/:id": rule("public", "agency"),
  "DELETE /scim/v2/Groups/:id": rule("public", "agency"),

  // Account (001 §7)
  "GET /get-current-user": rule("user", "self"),
  "GET /profile-data": rule("user", "self"),
  "POST /auth0/send-password-reset": rule("user", "self"),
  "POST /session/revoke": rule("user", "self"),
  // Odin's own (issue 34): after a sign-in through the agency's identity provider, find or link the account
  "POST /session/link": rule("signed_in", "self"),
  "POST /user/reset-password": rule("user", "self"),
  // Odin's own (issue 18 item 5): two-step sign-in set up from the profile
  "GET /account/mfa": rule("user", "self"),
  "POST /account/mfa/enrol": rule("user", "self"),
  "POST /account/mfa/confirm": rule("user", "self"),
  "POST /account/mfa/disable": rule("user", "self"),
  "POST /oidc/interaction/:uid/mfa": rule("public", "none"),

  // Search, sources, images, exports (000 §7)
  "GET /api-keys-data": rule("user", "agency"),
  "GET /axon-authorized-integrations": rule("user", "agency"),
  "GET /axis-authorized-agencies": rule("user", "agency"),
  "POST /search-data": rule("user", "agency"),
  "POST /search-data/next": rule("user", "agency"),
  // Odin's own (issue 22): investigations beyond one plate, on the plate search's rules
  "GET /search/cameras": rule("user", "agency"),
  "POST /search/area": rule("user", "agency"),
  "POST /search/places": rule("user", "agency"),
  "POST /search/companions": rule("user", "agency"),
  "POST /search/pattern": rule("user", "agency"),
  "GET /proxy-rekor-image": rule("user", "agency"),
  "GET /proxy-axon-image": rule("user", "agency"),
  "GET /proxy-axon-plate-image": rule("user", "agency"),
  "GET /proxy-axis-image": rule("user", "agency"),
  "GET /axis/proxy-detection-image": rule("user", "agency"),
  "POST /export-pdf": rule("user", "agency"),
  "POST /export-zip": rule("user", "agency"),
  "POST /generate-map-snapshot": rule("user", "none"),
  "GET /geocode/reverse": rule("user", "none"), // Odin's own: the detail modal's Nearest Address
  // Odin's own (issue 17): the export signatures' public keys, and the check of an exported file. The
  // check is public (issue 40 item 7: court staff and defence hold the file, not an account): it answers
  // only what the file holds, limited per address and audited anonymously (modules/exports).
  "GET /export-keys": rule("public", "none"),
  "POST /verify-export": rule("public", "none"),

  // Alert groups (000 §7, 001 §7)
  "GET /alerts-data": rule("hotlist_viewer", "group"),
  "POST /hotlist/add-plate-direct": rule("hotlist_viewer", "group"),
  "POST /toggle-push-alerts": rule("hotlist_viewer", "self"),
  "GET /alerts/group/:groupId/data": rule("hotlist_viewer", "group"),
  "GET /alerts/group/:groupId/details-data": rule("hotlist_viewer", "group"),
  "GET /api/alerts/:id": rule("hotlist_viewer", "group"),
  "GET /get-hotlist-attachment-url/:filename": rule("hotlist_viewer", "group"),
  // Odin's own: the signed, 5-minute link that URL names; the signature stands for the bearer token.
  "GET /hotlist-attachments/:filename": rule("public", "group"),
  "GET /groups/:groupId/image": rule("hotlist_viewer", "group"), // Odin's own: the groups' image_url
  "GET /alerts/proxy-alert-image": rule("hotlist_viewer", "group"),
  "GET /alerts/stream": rule("hotlist_viewer", "group"), // Odin's own: live alerts (SSE)
  // Odin's own alert desk (issues 17, 20): anyone who may see the alert's group judges and acknowledges it.
  "POST /api/alerts/:id/disposition": rule("hotlist_viewer", "group"),
  "POST /api/alerts/:id/acknowledge": rule("hotlist_viewer", "group"),
  "GET /alerts/unread-count": rule("hotlist_viewer", "group"),
  "GET /alerts/misreads-by-camera": rule("hotlist_admin", "agency"),
  // Odin's own (issue 24): a user's alert channels; an alert's delivery log, for whoever sees its group.
  "GET /api/profile/alert-channels": rule("user", "self"),
  "POST /api/profile/alert-channels": rule("user", "self"),
  "GET /api/account/push-subscriptions": rule("user", "self"),
  "POST /api/account/push-subscriptions": rule("user", "self"),
  "DELETE /api/account/push-subscriptions": rule("user", "self"),
  // The service worker has no token: the old subscription's endpoint and auth secret prove the browser.
  "POST /api/account/push-subscriptions/rotate": rule("public", "none"),
  "POST /api/account/push-devices": rule("user", "self"),
  "DELETE /api/account/push-devices": rule("user", "self"),
  "GET /api/alerts/:id/deliveries": rule("hotlist_viewer", "group"),
  "GET /api/groups/:groupId/alert-settings": rule("hotlist_viewer", "group"),
  "POST /api/groups/:groupId/alert-settings": rule("hotlist_admin", "group"),
  // Odin's own (issue 38 item 5): whether the agency's alert e-mails carry the read's picture
  "GET /api/admin/alert-email-settings": rule("admin", "agency"),
  "PUT /api/admin/alert-email-settings": rule("admin", "agency"),
  // Odin's own (issue 24): an agency's alert webhooks, run by its admins.
  "GET /api/admin/webhooks": rule("admin", "agency"),
  "POST /api/admin/webhooks": rule("admin", "agency"),
  "PUT /api/admin/webhooks/:id": rule("admin", "agency"),
  "DELETE /api/admin/webhooks/:id": rule("admin", "agency"),
  "POST /api/admin/webhooks/:id/test": rule("admin", "agency"),
  "GET /groups/:groupId/edit-data": rule("hotlist_admin", "group"),
  "POST /groups/:groupId/edit-mobile": rule("hotlist_admin", "group"),
  "POST /groups/:groupId/bulk-upload-plates": rule("hotlist_admin", "group"),
  "POST /groups/:groupId/remove-plate": rule("hotlist_admin", "group"),
  "POST /archive-group": rule("hotlist_admin", "group"),
  "GET /group-create-data": rule("hotlist_admin", "agency"),
  "POST /groups/create-mobile": rule("hotlist_admin", "agency"),
  "GET /agency-users-api": rule("hotlist_admin", "agency"),
  "POST /update-alert-permissions-api": rule("hotlist_admin", "agency"),

  // Admin (001 §7)
  "GET /admin-data": rule("admin", "agency"),
  "POST /admin/add-user": rule("admin", "agency"),
  "PUT /admin/toggle-role/:id": rule("admin", "agency"),
  // Odin's own (issue 34): bind a user to the agency's identity provider subject, or clear it
  "PUT /admin/users/:id/identity": rule("admin", "agency"),
  "POST /admin/send-password-reset/:id": rule("admin", "agency"),
  "DELETE /admin/delete-user/:id": rule("admin", "agency"),
  "POST /admin/unlock-user/:id": rule("admin", "agency"),
  "GET /download-template": rule("admin", "none"),
  "POST /bulk-upload-users": rule("admin", "agency"),
  "GET /admin-audit-logs-api": rule("admin", "agency"),
  // Odin's own: the audit log's hash chains checked (issue 17), the admin's agency, every chain for the owner
  "GET /admin-audit-chain": rule("admin", "agency"),
  // Odin's own: the agency requires two-step sign-in; a user's is reset (an admin's: by the owner only)
  "GET /admin/mfa-policy": rule("admin", "agency"),
  "PUT /admin/mfa-policy": rule("admin", "agency"),
  "POST /admin/reset-mfa/:id": rule("admin", "agency"),
  // Odin's own (issue 23): the audit log as CSV for a date range (every agency for the owner)
  "GET /admin-audit-logs-export": rule("admin", "agency"),
  // Odin's own (issue 23): structured justification. Every user reads the agency's list; its admin sets it.
  "GET /case-fields": rule("user", "agency"),
  "PUT /admin/case-fields": rule("admin", "agency"),
  // Odin's own (issue 23): supervisor review, for admins and users with the auditor flag.
  "GET /review/flags": rule("auditor", "agency"),
  "POST /review/flags/reviewed": rule("auditor", "agency"),
  "PUT /admin/users/:id/auditor": rule("admin", "agency"),
  // Odin's own (issue 23): the public transparency pages (off unless the agency's admin turns them on)
  "GET /transparency-data": rule("public", "none"),
  "GET /transparency-data/:code": rule("public", "none"),
  "GET /admin/transparency": rule("admin", "agency"),
  "PUT /admin/transparency": rule("admin", "agency"),
  // Odin's own (issue 23): retention per record and source, set by the agency's admin
  "GET /admin/retention": rule("admin", "agency"),
  "PUT /admin/retention": rule("admin", "agency"),
  "GET /admin/legal-holds": rule("admin", "agency"),
  "POST /admin/legal-holds": rule("admin", "agency"),
  "POST /admin/legal-holds/:id/release": rule("admin", "agency"),
  // Odin's own (issue 34 item 3): the agency's SCIM provisioning token, shown once, rotated, revoked
  "GET /admin/scim-token": rule("admin", "agency"),
  "POST /admin/scim-token": rule("admin", "agency"),
  "DELETE /admin/scim-token": rule("admin", "agency"),
  // Odin's own (issue 38 item 2): the agency's API clients (service accounts), secrets shown once
  "GET /admin/api-clients": rule("admin", "agency"),
  "POST /admin/api-clients": rule("admin", "agency"),
  "POST /admin/api-clients/:id/rotate-secret": rule("admin", "agency"),
  "POST /admin/api-clients/:id/deactivate": rule("admin", "agency"),

  // Integrations (001 §7)
  "POST /add-api-key": rule("admin", "agency"),
  "POST /bulk-upload-api-keys": rule("admin", "agency"),
  "DELETE /delete-api-key/:id": rule("admin", "agency"),
  // Odin's own: a key's webhook token, issued or rotated (another agency's key is 404)
  "POST /rekor-keys/:id/rotate-webhook-token": rule("admin", "agency"),
  "GET /axon-existing-integration": rule("admin", "agency"),
  "POST /add-axon-integration": rule("admin", "agency"),
  "DELETE /delete-axon-integration": rule("admin", "agency"),
  "GET /get-authorized-and-blacklisted-agencies": rule("admin", "agency"),
  "POST /add-to-blacklist": rule("admin", "agency"),
  "POST /remove-from-blacklist": rule("admin", "agency"),
  // Odin's own: RAVEN (Axis LPV) onboarding and camera health (the owner: every agency's)
  "GET /axis-integrations": rule("admin", "agency"),
  "POST /axis-integrations": rule("admin", "agency"),
  "POST /axis-integrations/:id/rotate-token": rule("admin", "agency"),
  "POST /axis-integrations/:id/pause": rule("admin", "agency"),
  "POST /axis-integrations/:id/resume": rule("admin", "agency"),
  "DELETE /axis-integrations/:id": rule("admin", "agency"),
  "GET /camera-health": rule("admin", "agency"),

  // Owner and cameras (001 §7)
  "GET /owner-data": rule("owner", "all agencies"),
  // Odin's own (issue 34): the mapping rules (identity provider claims → agency, role and flags)
  "GET /owner/idp-rules": rule("owner", "all agencies"),
  "POST /owner/idp-rules": rule("owner", "all agencies"),
  "DELETE /owner/idp-rules/:id": rule("owner", "all agencies"),
  "POST /owner/add-user": rule("owner", "all agencies"),
  "POST /admin/reset-user-password": rule("owner", "all agencies"),
  "GET /rekor-cameras": rule("owner", "all agencies"),
  "GET /agencies-data": rule("owner", "all agencies"),
  "PATCH /rekor-cameras/:cameraId": rule("owner", "all agencies"),
  // Odin's own: the owner manages agencies (issue 15)
  "GET /owner/agencies": rule("owner", "all agencies"),
  "POST /owner/agencies": rule("owner", "all agencies"),
  "PATCH /owner/agencies/:id": rule("owner", "all agencies"),
  "POST /owner/agencies/:id/deactivate": rule("owner", "all agencies"),
  "POST /owner/agencies/:id/reactivate": rule("owner", "all agencies"),
  // Odin's own: two-step sign-in required of every user
  "PUT /owner/mfa-policy": rule("owner", "all agencies"),

  "GET /assets/*": rule("public", "none"),
  "GET /favicon.svg": rule("public", "none"),
  "GET /sw.js": rule("public", "none"),
  "GET /favicon.ico": rule("public", "none"),

  // The web app's pages (both specs' route lists), served by the API in production.
  ...Object.fromEntries(WEB_ROUTES.map((route) => [`GET ${route}`, rule("public", "none")])),
};

/** The rule of a route; HEAD follows its GET (Fastify adds a HEAD route for every GET). */
export function accessRuleFor(method: string, url: string): AccessRule | undefined {
  return ACCESS_POLICY[`${method === "HEAD" ? "GET" : method} ${url}`];
}
