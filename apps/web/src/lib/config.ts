import {
  APP_CONFIG_GLOBAL,
  CLIENT_DEFAULTS,
  APP_CONFIG_PATH,
  DEFAULT_IDLE_LOCK_MINUTES,
  DEFAULT_MAP_SETTINGS,
  PASSWORD_MIN_LENGTH,
  SEARCH_PAGE_SIZE_MAX,
  ZAppConfig,
  type TAppConfig,
} from "@odin/contract";

/**
 * Settings the web app needs at run time, the same build serving every deployment. The API answers
 * GET /app-config.js (APP_CONFIG_PATH) with `window.__ODIN_CONFIG__ = {...};`, loaded by a plain <script>
 * in index.html before the app's module, so the value is there when the app starts. Changing the
 * identity provider is a server setting, never a rebuild.
 */
export type AppConfig = TAppConfig;
export type OidcConfig = NonNullable<TAppConfig["oidc"]>;

declare global {
  interface Window {
    /** Set by /app-config.js (see APP_CONFIG_GLOBAL); validated with ZAppConfig before use. */
    __ODIN_CONFIG__?: unknown;
  }
}

/**
 * Why sign-in cannot start, for the misconfiguration page:
 * - "not-loaded": /app-config.js did not run (the API is down, or a proxy does not forward it);
 * - "invalid": it ran but its value is not shaped as ZAppConfig (a server and web app of different versions);
 * - "oidc-missing": the server has no identity provider (oidc: null);
 * - "oidc-incomplete": some identity settings are blank (see `blankOidcFields`).
 */
export type AppConfigProblem = "not-loaded" | "invalid" | "oidc-missing" | "oidc-incomplete";

export type LoadedAppConfig =
  | { ok: true; config: AppConfig & { oidc: OidcConfig } }
  | { ok: false; problem: AppConfigProblem; config: AppConfig; blankOidcFields: RequiredOidcField[] };

/** The identity settings that must not be blank (a blank scope means LOGIN_SCOPE). */
export const REQUIRED_OIDC_FIELDS = [
  "authority",
  "clientId",
  "audience",
] as const satisfies readonly (keyof OidcConfig)[];
export type RequiredOidcField = (typeof REQUIRED_OIDC_FIELDS)[number];

/** What the app uses when there is no usable configuration: nobody can sign in, no owner. */
const SIGNED_OUT_CONFIG: AppConfig = { oidc: null, ownerUsername: null };

function readGlobal(): unknown {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as Record<string, unknown>)[APP_CONFIG_GLOBAL];
}

let cache: { raw: unknown; loaded: LoadedAppConfig } | undefined;

/** The runtime configuration and whether sign-in can work with it. Parsed once per value of the global. */
export function loadAppConfig(): LoadedAppConfig {
  const raw = readGlobal();
  if (cache && cache.raw === raw) return cache.loaded;
  const loaded = parse(raw);
  cache = { raw, loaded };
  return loaded;
}

function parse(raw: unknown): LoadedAppConfig {
  if (raw === undefined || raw === null) {
    return { ok: false, problem: "not-loaded", config: SIGNED_OUT_CONFIG, blankOidcFields: [] };
  }
  const parsed = ZAppConfig.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, problem: "invalid", config: SIGNED_OUT_CONFIG, blankOidcFields: [] };
  }
  const config = parsed.data;
  if (!config.oidc) return { ok: false, problem: "oidc-missing", config, blankOidcFields: [] };
  const { oidc } = config;
  const blank = REQUIRED_OIDC_FIELDS.filter((field) => oidc[field].trim() === "");
  if (blank.length > 0) {
    return {
      ok: false,
      problem: "oidc-incomplete",
      config: { ...config, oidc: null },
      blankOidcFields: blank,
    };
  }
  return { ok: true, config: { ...config, oidc } };
}

/** The configuration: the server's when it is usable, otherwise no identity provider and no owner. */
export function getAppConfig(): AppConfig {
  return loadAppConfig().config;
}

/** Where the API serves the configuration script (for messages and docs). */
export const APP_CONFIG_URL = APP_CONFIG_PATH;

/** The map tile settings the server gave, or the public defaults. */
export function getMapSettings(): NonNullable<AppConfig["map"]> {
  return getAppConfig().map ?? DEFAULT_MAP_SETTINGS;
}

/** Minutes without user activity before the screen locks (the server's SESSION_IDLE_MINUTES). */
export function getIdleLockMinutes(): number {
  return getAppConfig().session?.idleMinutes ?? DEFAULT_IDLE_LOCK_MINUTES;
}

/** The shortest password the server accepts (its PASSWORD_MIN_LENGTH), or the spec's 8 from an older server. */
export function getPasswordMinLength(): number {
  return getAppConfig().passwords?.minLength ?? PASSWORD_MIN_LENGTH;
}

/**
 * The `page_size` a search asks for (the server's SEARCH_PAGE_SIZE, issue 21): the results screen shows
 * that first page and loads the rest in the background. 0 (or an older server that does not say): the
 * search is not paged. Never above what the contract accepts.
 */
export function getSearchPageSize(): number {
  return Math.min(getAppConfig().search?.pageSize ?? 0, SEARCH_PAGE_SIZE_MAX);
}

/**
 * How people sign in (issue 34): through the agency's identity provider (`external`, each sign-in's ID
 * token handed to POST /session/link) and whether Odin takes passwords (add user, profile). An older
 * server that does not say: the built-in provider, with passwords.
 */
export function getIdentitySettings(): { external: boolean; passwords: boolean; prompt?: string } {
  return getAppConfig().identity ?? { external: false, passwords: true };
}

/** How long a search or an investigation is waited for: the server's bound (issue 35 item 6), else the client's 10 s. */
export function getSearchTimeoutMs(): number {
  return getAppConfig().search?.timeoutMs ?? CLIENT_DEFAULTS.httpTimeoutMs;
}

/**
 * Whether the server can push alerts to the iOS/Android app (FCM or APNs configured, issue 40); an
 * older server that does not say cannot.
 */
export function hasMobilePush(): boolean {
  return getAppConfig().mobilePush === true;
}
