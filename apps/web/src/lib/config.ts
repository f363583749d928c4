/** Settings the web app needs at run time, the same build serving every deployment. */
export interface AppConfig {
  /** Prefix of every API call. "" = the same origin: the API serves the app, and Vite proxies in dev. */
  apiBaseUrl: string;
  /** The one owner-level username, whose nav bar shows Owner; null until the server provides it. */
  ownerUsername: string | null;
}

declare global {
  interface Window {
    /** Optionally injected by the server into index.html (e.g. a <script> setting it) before the app loads. */
    __ODIN_CONFIG__?: Partial<AppConfig>;
  }
}

const DEFAULTS: AppConfig = { apiBaseUrl: "", ownerUsername: null };

/**
 * Placeholder: the defaults, overridden by window.__ODIN_CONFIG__ when the page defines it. The sign-in
 * work may instead fetch this from the API at start-up (identity-provider settings live here then too).
 */
export function getAppConfig(): AppConfig {
  const injected = typeof window === "undefined" ? undefined : window.__ODIN_CONFIG__;
  return { ...DEFAULTS, ...injected };
}
