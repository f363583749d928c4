/**
 * Whether a detection can be put on a map (000 §5): latitude strictly between -90 and 90, longitude
 * strictly between -180 and 180, and not the (0,0) or (-1,-1) that cameras report when they have no fix.
 */
export function hasValidCoordinates(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): boolean {
  if (typeof latitude !== "number" || typeof longitude !== "number") return false;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (latitude <= -90 || latitude >= 90 || longitude <= -180 || longitude >= 180) return false;
  if (latitude === 0 && longitude === 0) return false;
  return !(latitude === -1 && longitude === -1);
}

/** Google Maps at a point, for 'Open in Google Maps' (a new tab). */
export function googleMapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}
