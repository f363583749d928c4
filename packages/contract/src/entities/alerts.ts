import { z } from "zod";
import { ZId, ZIsoDateTime, ZSourceProgram, ZUtcNaiveDateTime } from "../common";

/**
 * Issue 17: how a person judged an alert's read. `incorrect_read` is a misread (the camera read the
 * plate wrong): misreads are counted per camera.
 */
export const ALERT_DISPOSITIONS = ["correct_read", "wrong_state", "incorrect_read", "dismissed"] as const;
export const ZAlertDisposition = z.enum(ALERT_DISPOSITIONS);
export type TAlertDisposition = z.infer<typeof ZAlertDisposition>;

/** What the screens show for each disposition. */
export const ALERT_DISPOSITION_LABELS: Record<TAlertDisposition, string> = {
  correct_read: "Correct read",
  wrong_state: "Wrong state",
  incorrect_read: "Incorrect read (misread)",
  dismissed: "Dismissed",
};

/**
 * Odin's own fields beside the spec's (all optional, so the spec's clients are unaffected): the
 * disposition with its note, who set it and when, and the acknowledgement (one per alert: who and when).
 * Names, not ids: the desk shows "acknowledged by X at T".
 */
export const ZAlertDesk = z.object({
  disposition: ZAlertDisposition.nullable().optional(),
  disposition_note: z.string().nullable().optional(),
  disposition_by: z.string().nullable().optional(),
  disposition_at: ZIsoDateTime.nullable().optional(),
  acknowledged_by: z.string().nullable().optional(),
  acknowledged_at: ZIsoDateTime.nullable().optional(),
});

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
  /**
   * Odin's addition (issue 19): the rule that fired: "exact", "lenient: same skeleton" or "lenient: OCR
   * candidate {plate}"; null on alerts from before rules were recorded. `describeMatchRule` words it.
   */
  match_rule: z.string().nullable().optional(),
  /** Odin's addition (issue 19): the read's OCR candidates as the camera sent them (OpenALPR), if any. */
  ocr_candidates: z
    .array(z.object({ plate: z.string(), confidence: z.number().nullable() }))
    .nullable()
    .optional(),
  /**
   * Odin's addition (issue 24): how many reads of the plate by this camera the alert stands for (the
   * group's cooldown folds a repeat into the alert instead of raising a new one), and the latest of
   * them; 1 and null for a single read.
   */
  read_count: z.number().int().positive().optional(),
  last_read_at: ZIsoDateTime.nullable().optional(),
  ...ZAlertDesk.shape,
});
export type TAlert = z.infer<typeof ZAlert>;

/** The rule an alert's match_rule names, in words for the alert page and history (issue 19). */
export function describeMatchRule(rule: string | null | undefined): string {
  if (!rule || rule === "exact") return "Exact: the plate read is the listed plate";
  if (rule === "lenient: same skeleton")
    return "Lenient: a look-alike reading of the listed plate (such as 0 for O or 8 for B)";
  const candidate = /^lenient: OCR candidate (.+)$/.exec(rule)?.[1];
  if (candidate)
    return `Lenient: the camera's alternative reading ${candidate} is the listed plate or a look-alike`;
  return rule;
}

/** The same in a few words under the plate in the alert history; null for an exact match. */
export function shortMatchRule(rule: string | null | undefined): string | null {
  if (!rule || rule === "exact") return null;
  if (rule === "lenient: same skeleton") return "Lenient: look-alike";
  const candidate = /^lenient: OCR candidate (.+)$/.exec(rule)?.[1];
  return candidate ? `Lenient: candidate ${candidate}` : rule;
}
