import { z } from "zod";
import { ZIsoDateTime } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own: is each camera of the caller's agency still sending? `silent` is a camera that has
 * reported before and has sent nothing for CAMERA_SILENT_AFTER_MINUTES; one that never reported is
 * `waiting`, a paused RAVEN integration is `paused` (neither counts as silent).
 */
export const CAMERA_HEALTH_STATES = ["reporting", "silent", "waiting", "paused"] as const;
export const ZCameraHealthState = z.enum(CAMERA_HEALTH_STATES);
export type TCameraHealthState = z.infer<typeof ZCameraHealthState>;

/**
 * The figures of one camera. Rekor reads are searched at Rekor, not stored: reads_24h is null there, and
 * last_read_at is the later of what Rekor pushed and the newest read a search answer carried (issue 40 item 6).
 */
export const ZCameraHealthFigures = z.object({
  last_read_at: ZIsoDateTime.nullable(),
  reads_24h: z.number().int().nonnegative().nullable(),
  state: ZCameraHealthState,
});
export type TCameraHealthFigures = z.infer<typeof ZCameraHealthFigures>;

export const ZCameraHealth = ZCameraHealthFigures.extend({
  source: z.enum(["Axis", "Rekor"]),
  /** "axis-{integration id}" or "rekor-{camera row id}". */
  id: z.string(),
  name: z.string(),
  agency_name: z.string(),
});
export type TCameraHealth = z.infer<typeof ZCameraHealth>;

export const ZCameraHealthResponse = z.object({
  silent_after_minutes: z.number().int().positive(),
  checked_at: ZIsoDateTime,
  silent_count: z.number().int().nonnegative(),
  /** Silent first, then by source and name. */
  cameras: z.array(ZCameraHealth),
});
export type TCameraHealthResponse = z.infer<typeof ZCameraHealthResponse>;

export const CAMERA_HEALTH_ENDPOINTS = [
  {
    method: "GET",
    path: "/camera-health",
    spec: "odin",
    summary: "Last read, reads in 24 h and silent state of the agency's RAVEN and Rekor cameras",
    response: ZCameraHealthResponse,
  },
] as const satisfies readonly Endpoint[];
