import type { TRekorCamera, TRekorCameraUpdate } from "@odin/contract";

/** A camera row as its inputs hold it: text until it is checked. */
export interface CameraDraft {
  latitude: string;
  longitude: string;
  /** "" for no agency. */
  agencyId: string;
  isManual: boolean;
}

export const LATITUDE_RANGE = "Latitude must be a number from -90 to 90.";
export const LONGITUDE_RANGE = "Longitude must be a number from -180 to 180.";
export const BOTH_OR_NEITHER = "Enter both latitude and longitude, or leave both blank.";

export type CameraDraftErrors = { latitude?: string; longitude?: string };
export type CameraDraftCheck =
  { ok: true; update: TRekorCameraUpdate } | { ok: false; errors: CameraDraftErrors };

export function draftOf(camera: TRekorCamera): CameraDraft {
  return {
    latitude: camera.corrected_latitude === null ? "" : String(camera.corrected_latitude),
    longitude: camera.corrected_longitude === null ? "" : String(camera.corrected_longitude),
    agencyId: camera.agency_id === null ? "" : String(camera.agency_id),
    isManual: camera.is_manual,
  };
}

export function isDraftChanged(draft: CameraDraft, camera: TRekorCamera): boolean {
  const saved = draftOf(camera);
  return (
    draft.latitude.trim() !== saved.latitude ||
    draft.longitude.trim() !== saved.longitude ||
    draft.agencyId !== saved.agencyId ||
    draft.isManual !== saved.isManual
  );
}

/** A coordinate from its text: null when blank, undefined when it is not a number within ±limit. */
function coordinate(text: string, limit: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Math.abs(value) <= limit ? value : undefined;
}

/**
 * The PATCH body of a row, or why it cannot be sent: each coordinate within its range (latitude ±90,
 * longitude ±180, as ZRekorCameraUpdate checks on the server) and both given or both blank, since a
 * location with one coordinate cannot be drawn.
 */
export function checkCameraDraft(draft: CameraDraft): CameraDraftCheck {
  const latitude = coordinate(draft.latitude, 90);
  const longitude = coordinate(draft.longitude, 180);
  const errors: CameraDraftErrors = {};
  if (latitude === undefined) errors.latitude = LATITUDE_RANGE;
  if (longitude === undefined) errors.longitude = LONGITUDE_RANGE;
  if (latitude === null && typeof longitude === "number") errors.latitude = BOTH_OR_NEITHER;
  if (longitude === null && typeof latitude === "number") errors.longitude = BOTH_OR_NEITHER;
  if (errors.latitude || errors.longitude || latitude === undefined || longitude === undefined) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    update: {
      corrected_latitude: latitude,
      corrected_longitude: longitude,
      agency_id: draft.agencyId === "" ? null : Number(draft.agencyId),
      is_manual: draft.isManual,
    },
  };
}
