import { z } from "zod";
import { ZId, ZIsoDateTime, ZSourceProgram, ZUtcNaiveDateTime } from "../common";

/**
 * An alert: a detection of a hotlisted plate (001 section 3). `timestamp` is UTC WITHOUT a zone
 * marker, as existing clients expect; `justification` is shown as the reason; `date_added` and `notes`
 * come from the hotlist plate that matched.
 */
export const ZAlert = z.object({
  id: ZId,
  plate: z.string(),
  state: z.string().nullable(),
  timestamp: ZUtcNaiveDateTime,
  camera: z.string().nullable(),
  agency: z.string().nullable(),
  justification: z.string().nullable(),
  image_url: z.string().nullable(),
  source_program: ZSourceProgram,
  /** For Axis (RAVEN) alerts: the id /axis/proxy-detection-image takes. */
  axis_detection_id: z.string().nullable(),
  axis_is_cloud: z.boolean().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  date_added: ZIsoDateTime.nullable(),
  notes: z.string().nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;
