import { z } from "zod";
import { ZIdParams, ZIsoDateTime, optionalText } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAlert, ZAlertDisposition } from "../entities/alerts";

/**
 * Odin's own alert desk (issues 17 and 20), beside the spec's alert calls: the history's filters and
 * pages, dispositions, acknowledgement, the unread count and misreads per camera.
 */

/** The largest page the history answers (and its size when none is asked: the spec's client sends none). */
export const ALERT_HISTORY_MAX_PAGE = 500;

/** Filters on the history: "none" is an alert nobody has judged yet. */
export const ALERT_DISPOSITION_FILTERS = [
  "correct_read",
  "wrong_state",
  "incorrect_read",
  "dismissed",
  "none",
] as const;

/**
 * GET /alerts/group/{id}/data's query (all optional, Odin's own): the plate (any part of it, spaces and
 * dashes ignored), the camera (any part of its name), the read's time from/to (inclusive, with a zone),
 * the disposition, a page size and the `next_cursor` of the previous page.
 */
export const ZGroupAlertsQuery = z.object({
  plate: optionalText(20),
  camera: optionalText(200),
  from: ZIsoDateTime.optional(),
  to: ZIsoDateTime.optional(),
  disposition: z.enum(ALERT_DISPOSITION_FILTERS).optional(),
  limit: z.coerce.number().int().min(1).max(ALERT_HISTORY_MAX_PAGE).optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid cursor")
    .optional(),
});
export type TGroupAlertsQuery = z.infer<typeof ZGroupAlertsQuery>;

/** POST /api/alerts/{id}/disposition: a disposition with an optional note, or null to clear it. */
export const ZAlertDispositionRequest = z.object({
  disposition: ZAlertDisposition.nullable(),
  note: optionalText(1000),
});
export type TAlertDispositionRequest = z.infer<typeof ZAlertDispositionRequest>;

export const ZUnreadAlertsResponse = z.object({
  /** Alerts of the caller's groups that nobody has acknowledged yet. */
  unread: z.number().int().nonnegative(),
});
export type TUnreadAlertsResponse = z.infer<typeof ZUnreadAlertsResponse>;

export const ZCameraMisreads = z.object({
  source_program: z.string(),
  camera: z.string().nullable(),
  misreads: z.number().int().positive(),
  /** Alerts of the camera judged at all, so the misreads read as a share. */
  judged: z.number().int().positive(),
  last_misread_at: ZIsoDateTime,
});
export const ZCameraMisreadsResponse = z.object({ cameras: z.array(ZCameraMisreads) });
export type TCameraMisreadsResponse = z.infer<typeof ZCameraMisreadsResponse>;

export const ALERT_DESK_ENDPOINTS = [
  {
    method: "POST",
    path: "/api/alerts/:id/disposition",
    spec: "odin",
    summary: "Mark an alert Correct read, Wrong state, Incorrect read or Dismissed, with a note (Odin's own)",
    params: ZIdParams,
    body: ZAlertDispositionRequest,
    response: ZAlert,
  },
  {
    method: "POST",
    path: "/api/alerts/:id/acknowledge",
    spec: "odin",
    summary: "Acknowledge an alert: once per alert, who and when are kept (Odin's own)",
    params: ZIdParams,
    response: ZAlert,
  },
  {
    method: "GET",
    path: "/alerts/unread-count",
    spec: "odin",
    summary: "How many alerts of the caller's groups nobody has acknowledged (Odin's own)",
    response: ZUnreadAlertsResponse,
  },
  {
    method: "GET",
    path: "/alerts/misreads-by-camera",
    spec: "odin",
    summary: "Alerts judged Incorrect read, counted per camera of the agency (Odin's own)",
    response: ZCameraMisreadsResponse,
  },
] as const satisfies readonly Endpoint[];
