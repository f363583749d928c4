/**
 * Every route of the web app, from both specs' route lists (000 section 2, 001 section 2).
 * The web app registers exactly these; the API answers them with the SPA's index.html.
 */
export const WEB_ROUTES = [
  "/",
  "/search",
  "/results",
  "/callback",
  "/profile",
  "/change-password",
  "/alerts",
  "/alerts/group/:groupId",
  "/alert-history-detail/:alertId",
  "/groups/:groupId",
  "/groups/:groupId/details",
  "/groups/:groupId/edit",
  "/create-group",
  "/edit-alerts-permissions",
  "/admin",
  /** Odin's own (issue 24): the agency's alert webhooks. */
  "/admin/webhooks",
  "/api-keys",
  "/integrations/rekor",
  "/integrations/axon",
  /** Odin's own: RAVEN (Axis LPV) cameras, their push settings and health. */
  "/integrations/raven",
  "/owner",
  "/rekor-camera-management",
  "/audit-log",
  "/terms",
  "/privacy",
  /** Odin's own (issue 17): check an exported PDF or ZIP against Odin's signature. */
  "/verify-export",
  /** Odin's own (issue 23): supervisor review, for admins and auditors. */
  "/review",
  /** Odin's own (issue 23): the agencies' public transparency pages (no sign-in). */
  "/transparency",
  "/transparency/:code",
] as const;

export type WebRoute = (typeof WEB_ROUTES)[number];
