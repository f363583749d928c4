import { z } from "zod";
import { MAP_MAX_TILE_ZOOM } from "./constants/app";

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
  /**
   * Map tiles (000 §7: a light and a dark tile service), as Leaflet URL templates. The browser loads
   * tiles straight from these servers; the server's CSP allows their origins. Absent (an older
   * server): DEFAULT_MAP_SETTINGS.
   */
  map: z
    .object({
      darkTileUrl: z.string(),
      lightTileUrl: z.string(),
      attribution: z.string(),
      maxZoom: z.number().int(),
    })
    .optional(),
  /**
   * Odin's own: the most records one export may hold (the API's EXPORT_MAX_RECORDS), so the results
   * screen says the limit before an export is asked for. Absent (an older server): EXPORT_RECORDS_LIMIT.
   */
  exportMaxRecords: z.number().int().positive().optional(),
  /**
   * Session lock (CJIS 5.5.5, issue 18 item 3): after this many minutes without user activity the web
   * app locks its screen and asks for the password again. Absent (an older server): 30.
   */
  session: z.object({ idleMinutes: z.number().int().positive() }).optional(),
  /**
   * Odin's own: the shortest password the server accepts (PASSWORD_MIN_LENGTH), so the password forms
   * list the length really enforced. Absent (an older server): the spec's 8.
   */
  passwords: z.object({ minLength: z.number().int().positive() }).optional(),
  /**
   * Odin's own (issue 21): the `page_size` the search screen asks for (the API's SEARCH_PAGE_SIZE); the
   * results screen shows that first page and loads the rest in the background. 0 or absent (an older
   * server): one answer, unpaged.
   */
  search: z
    .object({
      pageSize: z.number().int().nonnegative(),
      /**
       * Odin's own (issue 35 item 6): how long the web app waits for a search or an investigation, agreed
       * with the server's own bound (SEARCH_SOURCE_TIMEOUT_MS, each source stopped there, plus 10 s for
       * the audit row, the scope and the answer). Absent (an older server): the client's 10 s.
       */
      timeoutMs: z.number().int().positive().optional(),
    })
    .optional(),
  /**
   * Odin's own (issue 34): how people sign in. `external`: through the agency's identity provider, so
   * the web app hands each sign-in's ID token to POST /session/link; `passwords`: whether adding a
   * person takes a password and the profile offers password changes; `prompt`: sent with each sign-in
   * (OIDC_PROMPT). Absent (an older server): the built-in provider.
   */
  identity: z
    .object({ external: z.boolean(), passwords: z.boolean(), prompt: z.string().optional() })
    .optional(),
  /**
   * Odin's own (issue 40): whether the server can send alerts to the iOS/Android app (FCM_SERVICE_ACCOUNT
   * or APNS_KEY set), so the alerts page offers 'Activate push alerts for the iOS/Android app' only
   * then. Absent (an older server): not offered.
   */
  mobilePush: z.boolean().optional(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

/** Public defaults for real deployments (every one is configuration; see the API's env). */
export const DEFAULT_MAP_SETTINGS: NonNullable<TAppConfig["map"]> = {
  darkTileUrl: "https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png",
  lightTileUrl: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: "&copy; OpenStreetMap contributors &copy; CARTO",
  maxZoom: MAP_MAX_TILE_ZOOM,
};

export const DEFAULT_IDLE_LOCK_MINUTES = 30;

export const APP_CONFIG_GLOBAL = "__ODIN_CONFIG__";
export const APP_CONFIG_PATH = "/app-config.js";
