import { z } from "zod";
import { ZBooleanInput, ZId, ZLatitude, ZLongitude, ZNullableNumberInput, idInput } from "../common";

/** A Rekor camera whose location the owner can correct (001 section 3). camera_id is Rekor's number. */
export const ZRekorCamera = z.object({
  camera_id: z.number().int().nonnegative(),
  camera_name: z.string().nullable(),
  site_name: z.string().nullable(),
  corrected_latitude: ZLatitude.nullable(),
  corrected_longitude: ZLongitude.nullable(),
  agency_id: ZId.nullable(),
  is_manual: z.boolean(),
  /** Odin's own: where the camera itself reports it stands (GPS), shown next to the correction. */
  reported_latitude: ZLatitude.nullable().optional(),
  reported_longitude: ZLongitude.nullable().optional(),
  /** Odin's own: the camera's last read (ISO 8601), null before its first. */
  last_read_at: z.string().nullable().optional(),
});
export type TRekorCamera = z.infer<typeof ZRekorCamera>;

/** The body of PATCH /rekor-cameras/{cameraId}; a blank coordinate or agency clears it. */
export const ZRekorCameraUpdate = z.object({
  corrected_latitude: ZNullableNumberInput.pipe(ZLatitude.nullable()),
  corrected_longitude: ZNullableNumberInput.pipe(ZLongitude.nullable()),
  agency_id: z.union([idInput(), z.null(), z.literal("").transform(() => null)]),
  is_manual: ZBooleanInput,
});
export type TRekorCameraUpdate = z.infer<typeof ZRekorCameraUpdate>;
