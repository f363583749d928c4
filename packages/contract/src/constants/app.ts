/** Business constants and limits of both specs' section 9, plus the client defaults of 000. */

/** The three detection sources, in the spec's order. Axis is shown as RAVEN in the interface. */
export const SOURCE_PROGRAMS = ["Rekor", "Axon", "Axis"] as const;
export type SourceProgram = (typeof SOURCE_PROGRAMS)[number];

export const SOURCE_PROGRAM_LABELS: Readonly<Record<SourceProgram, string>> = {
  Rekor: "Rekor",
  Axon: "Axon",
  Axis: "RAVEN",
};

/** The four boolean search filters (000 sections 2 and 3). */
export const SEARCH_FILTER_FLAGS = ["top_rack", "back_rack", "bumper_stickers", "window_stickers"] as const;
export type SearchFilterFlag = (typeof SEARCH_FILTER_FLAGS)[number];

export const AUDIT_PAGE_SIZE = 20;
/** Fraction added around the plate corners when cropping a plate image (export, alerts). */
export const PLATE_CROP_MARGIN = 0.08;
export const LAZY_IMAGE_MARGIN_PX = 300;
export const OBJECT_URL_REVOKE_MS = 60_000;
export const PERMISSIONS_POPUP_MS = 3000;
export const GROUP_CREATED_REDIRECT_MS = 2500;

export const MAP_RESULTS_CENTER = [41.5, -72.7] as const;
export const MAP_RESULTS_ZOOM = 9;
export const MAP_RESULTS_HEIGHT_PX = 600;
export const MAP_DETAIL_ZOOM = 16;
export const MAP_MAX_TILE_ZOOM = 19;
export const MAP_POPUP_MAX_WIDTH = 600;
export const ALERT_MAP_ZOOM = 16;
/** Zoom passed to the reverse-geocoding service for the nearest address (000 section 7). */
export const REVERSE_GEOCODE_ZOOM = 18;

/**
 * Whether a point may be drawn as a marker (000 section 5): strictly inside the lat/lon bounds and not
 * one of the placeholder points (0,0) and (-1,-1) that cameras without GPS report.
 */
export function isValidMapPoint(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): boolean {
  if (typeof latitude !== "number" || typeof longitude !== "number") return false;
  if (!(latitude > -90 && latitude < 90 && longitude > -180 && longitude < 180)) return false;
  if (latitude === 0 && longitude === 0) return false;
  return !(latitude === -1 && longitude === -1);
}

export const LOGIN_SCOPE = "openid profile email offline_access";
/** ID-token signing algorithm the login client accepts (000 section 5). */
export const ID_TOKEN_SIGNING_ALG = "RS256";

/** Login and HTTP client defaults (000 section 9). */
export const CLIENT_DEFAULTS = {
  httpTimeoutMs: 10_000,
  popupTimeoutMs: 60_000,
  tokenLeewaySeconds: 60,
  tokenRetries: 3,
  sessionCookieDays: 1,
} as const;

/** Effective date printed on the Terms and Privacy pages (001 section 2). */
export const TERMS_EFFECTIVE_DATE = "01/15/2025";

/**
 * Export file names carry the date as YYYY-MM-DD (000 section 9); the exact stem is not shown, so these
 * are Odin's choice. The caller passes the date already formatted in the user's zone.
 */
export const exportFileName = (kind: "pdf" | "zip", isoDate: string): string =>
  kind === "pdf" ? `odin-report-${isoDate}.pdf` : `odin-export-${isoDate}.zip`;

/** Response header of POST /search-data carrying the per-source status as JSON (Odin's addition). */
export const SEARCH_SOURCES_HEADER = "x-odin-sources";

/**
 * Response header of a paged search (Odin's, issue 21: `page_size`): the signed cursor of the next
 * page, for POST /search-data/next. Absent: this page is the last.
 */
export const SEARCH_NEXT_PAGE_HEADER = "x-odin-next-page";

/**
 * Response header of the calls that read from a read replica (Odin's, issue 42): present when the answer
 * came from one, how far it was behind the primary in milliseconds. Absent: the primary answered.
 */
export const READ_REPLICA_LAG_HEADER = "x-odin-replica-lag-ms";

/** The largest `page_size` a search may ask for (the default per-source limit). */
export const SEARCH_PAGE_SIZE_MAX = 5000;
