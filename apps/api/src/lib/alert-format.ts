/**
 * How an alert's time and picture appear in answers: shared by the alerts module (alert-view.ts) and the
 * hotlists screens' "last alert" (issue 39 item 1: neither imports the other for it).
 */

/** The alert image proxy's URL for an alert's picture (the proxy checks the caller again). */
export function alertImageUrl(imagePath: string): string {
  return `/alerts/proxy-alert-image?path=${encodeURIComponent(imagePath)}`;
}

/** An alert time as existing clients read it: UTC without a zone marker ("2025-01-15T14:03:09.123"). */
export function toUtcNaive(date: Date): string {
  return date.toISOString().replace(/Z$/, "");
}
