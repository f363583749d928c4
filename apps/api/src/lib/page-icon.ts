/**
 * The icon of the pages the API renders itself (the built-in provider's sign-in pages, setup, password
 * reset, the API reference): the web app's favicon.svg (apps/web/public), inline as a data: URL.
 * A page that names no icon makes the browser ask for /favicon.ico, and with the CSP's
 * upgrade-insecure-requests Chromium sends that default request to https even on http://localhost,
 * where it fails (issue 40). Inline, there is no request at all, with or without the web app built.
 */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="14" fill="#0b1d36"/>' +
  '<path d="M10 32c6-10 13.5-15 22-15s16 5 22 15c-6 10-13.5 15-22 15S16 42 10 32z" fill="none" stroke="#4c9bff" stroke-width="4" stroke-linejoin="round"/>' +
  '<circle cx="32" cy="32" r="8" fill="#ffffff"/><circle cx="32" cy="32" r="3.5" fill="#0b1d36"/></svg>';

/** The `<link rel="icon">` for a page's head. */
export const PAGE_ICON_LINK = `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}">`;
