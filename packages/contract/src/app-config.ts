import { z } from "zod";

/**
 * Odin's own: the web app's runtime configuration, served by the API as GET /app-config.js
 * (`window.__ODIN_CONFIG__ = {...}`), so a self-hosting agency changes its identity provider
 * without rebuilding the web app. `oidc: null` means the identity settings are missing: the web app
 * shows its misconfiguration page.
 */
export const ZAppConfig = z.object({
  oidc: z
    .object({
      /** The issuer (authority) URL: Odin's built-in provider (`{public url}/oidc`) or Auth0, Keycloak, Entra ID. */
      authority: z.string(),
      clientId: z.string(),
      /** The API's audience, sent as `audience` (Auth0) and granted as the resource (built-in provider). */
      audience: z.string(),
      scope: z.string(),
    })
    .nullable(),
  /** The one owner-level username (nav bar's Owner link). */
  ownerUsername: z.string().nullable(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

export const APP_CONFIG_GLOBAL = "__ODIN_CONFIG__";
export const APP_CONFIG_PATH = "/app-config.js";
