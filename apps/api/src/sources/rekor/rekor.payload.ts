import { z } from "zod";

/**
 * One row of Rekor Scout's GET /api/search/plate (docs/vendors/rekor.md). Only what the mapper reads
 * is required; everything else is optional and unknown fields pass, because real Rekor servers and
 * clients disagree on types (decimals as strings, times as epoch ms or ISO strings).
 */

/** An ISO 8601 instant; one without a zone is taken as UTC, as the Rekor API itself does. */
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Epoch milliseconds (a number or a string of digits) or an ISO 8601 string, as a Date. */
export const ZRekorInstant = z.union([z.number(), z.string().trim().min(1)]).transform((value, ctx) => {
  const ms =
    typeof value === "number" || /^\d+$/.test(value)
      ? Number(value)
      : Date.parse(ISO_WITHOUT_ZONE.test(value) ? `${value}Z` : value);
  const date = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: "custom", message: "is not epoch milliseconds or an ISO 8601 date-time" });
    return z.NEVER;
  }
  return date;
});

/** A number, or a decimal string of one: Rekor's search API and its agents' webhooks send either. */
export const ZRekorNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform((value) => Number(value));
/** Rekor serialises decimals as strings ("91.260000"); some servers send numbers. */
const decimal = ZRekorNumber.nullish();
/** Pixels are integers, but a lenient reader also takes numeric strings. */
const pixel = ZRekorNumber.nullish();
/** Vendor ids are opaque: numbers in Rekor's answers, kept as text. */
const id = z.union([z.number(), z.string().min(1)]).transform((value) => String(value));
const label = z.string().nullish();

export const ZRekorSearchFields = z.looseObject({
  agent_uid: z.string().min(1),
  best_plate: z.string().min(1),
  best_uuid: z.string().min(1),
  epoch_time_start: ZRekorInstant,
  epoch_time_end: ZRekorInstant.nullish(),
  best_confidence: decimal,
  camera_id: id.nullish(),
  site: label,
  img_width: pixel,
  img_height: pixel,
  plate_x1: pixel,
  plate_y1: pixel,
  plate_x2: pixel,
  plate_y2: pixel,
  plate_x3: pixel,
  plate_y3: pixel,
  plate_x4: pixel,
  plate_y4: pixel,
  region: label,
  vehicle_color: label,
  vehicle_make: label,
  vehicle_make_model: label,
  vehicle_body_type: label,
});

export const ZRekorSearchRow = z.looseObject({
  pk: id,
  model: z.string().optional(),
  fields: ZRekorSearchFields,
});
export type TRekorSearchRow = z.infer<typeof ZRekorSearchRow>;

/** The answer: a JSON array, newest first. */
export const ZRekorSearchAnswer = z.array(ZRekorSearchRow);
export type TRekorSearchAnswer = z.infer<typeof ZRekorSearchAnswer>;
