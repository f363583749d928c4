import { findEndpoint, type TAlert } from "@odin/contract";
import { orNotAvailable } from "@/lib/format";

const alertImage = findEndpoint("GET", "/alerts/proxy-alert-image").path;
const detectionImage = findEndpoint("GET", "/axis/proxy-detection-image").path;

/**
 * Where an alert's picture comes from (001 §7): the alert's own image reference through
 * /alerts/proxy-alert-image, else, for a RAVEN (Axis) read, the stored read through
 * /axis/proxy-detection-image. Null when it has neither ('No Image').
 */
export function alertImageSrc(
  alert: Pick<TAlert, "image_url" | "source_program" | "axis_detection_id">,
): string | null {
  const reference = alert.image_url?.trim();
  if (reference) {
    // Already an address of one of Odin's image proxies: use it as it is.
    if (reference.startsWith(`${alertImage}?`) || reference.startsWith(`${detectionImage}?`))
      return reference;
    return `${alertImage}?${new URLSearchParams({ path: reference }).toString()}`;
  }
  if (alert.source_program === "Axis" && alert.axis_detection_id) {
    return `${detectionImage}?${new URLSearchParams({ id: alert.axis_detection_id }).toString()}`;
  }
  return null;
}

/** What the history page announces to screen readers when an alert arrives live. */
export function describeLiveAlert(alert: Pick<TAlert, "plate" | "camera">): string {
  return `New alert: plate ${alert.plate} at ${orNotAvailable(alert.camera)}.`;
}
