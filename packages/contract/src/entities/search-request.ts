import { z } from "zod";
import { MESSAGES } from "../messages";
import { optionalText } from "../common";
import { ZCaseFields } from "./case-fields";
import { plateSearchProblem } from "../plates";
import { SEARCH_PAGE_SIZE_MAX } from "../constants/app";

const REQUIRED = MESSAGES.justificationAndDateRangeRequired;

/** Missing or blank dates get the screen's own message; a malformed date gets a precise one (also the investigations' calls). */
export const searchDateTime = z.iso.datetime({
  offset: true,
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ""
      ? REQUIRED
      : MESSAGES.invalidDateTime,
});

/** The four flags; each defaults to false, and a missing object means all false. */
export const ZSearchFilters = z
  .object({
    top_rack: z.boolean().default(false),
    back_rack: z.boolean().default(false),
    bumper_stickers: z.boolean().default(false),
    window_stickers: z.boolean().default(false),
  })
  .prefault({});
export type TSearchFilters = z.infer<typeof ZSearchFilters>;

/**
 * How the plate is compared (Odin's addition, issue 19): exact; partial (contains, or `*` / `?`
 * wildcards); similar (the same confusable skeleton, or one or two edits, for OCR misreads). Absent:
 * similar for a full plate, partial when it has wildcards (see `defaultPlateMatch`).
 */
export const PLATE_MATCHES = ["exact", "partial", "similar"] as const;
export const ZPlateMatch = z.enum(PLATE_MATCHES);
export type TPlateMatch = z.infer<typeof ZPlateMatch>;

/** The match a search uses when the request names none. */
export function defaultPlateMatch(plate: string | undefined | null): TPlateMatch {
  return plate && /[*?]/.test(plate) ? "partial" : "similar";
}

/**
 * The body of POST /search-data (000 section 3). The plate is trimmed then lower-cased, as the spec's
 * client does, so old and new clients search alike; blank optional fields mean "not set".
 * `agencies` holds Rekor key ids as strings, Axon base URLs and Axis integration identifiers.
 */
export const ZSearchRequestFields = z.object({
  plate: z
    .string()
    .trim()
    .toLowerCase()
    .max(20)
    .nullish()
    .transform((plate) => (plate ? plate : undefined))
    // Issue 36 (F18): a plate that would match every read (`.`, `*`, `%`) is refused, never "no filter".
    .superRefine((plate, ctx) => {
      const problem = plate === undefined ? undefined : plateSearchProblem(plate);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  match: ZPlateMatch.optional(),
  plate_state: optionalText(40),
  vehicle_color: optionalText(40),
  vehicle_make: optionalText(60),
  vehicle_body_type: optionalText(40),
  justification: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(2000),
  // Odin's own (issue 23): case number and offense category beside the spec's justification.
  ...ZCaseFields.shape,
  start_time: searchDateTime,
  end_time: searchDateTime,
  agencies: z.array(z.string().trim().min(1).max(2048)).max(1000).default([]),
  filters: ZSearchFilters,
  /**
   * Odin's (issue 21): answer the newest `page_size` results first. Each source is asked for its
   * newest `page_size + 1` instead of its limit, and the `x-odin-next-page` header carries the cursor
   * `POST /search-data/next` goes on from. Absent: the whole answer at once, as the spec's clients
   * expect. Similar answers (ranked by differences, not time) always come whole.
   */
  page_size: z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).optional(),
});

// A malformed date already has its own issue; compare only two real instants.
const endNotBeforeStart = (request: { start_time: string; end_time: string }) =>
  !(Date.parse(request.end_time) < Date.parse(request.start_time));
const endBeforeStart = { path: ["end_time"], message: MESSAGES.endBeforeStart };

export const ZSearchRequest = ZSearchRequestFields.refine(endNotBeforeStart, endBeforeStart);

/**
 * The body of POST /search-data/next (Odin's, issue 21): the same search again, as first sent, and the
 * cursor the previous page's `x-odin-next-page` header gave. The cursor is signed, bound to the user,
 * the search's audit row and these parameters, and expires; each page is searched under the caller's
 * access at the time it is asked.
 */
export const ZSearchNextRequest = ZSearchRequestFields.extend({
  cursor: z
    .string({ error: MESSAGES.searchPageCursorInvalid })
    .min(1, MESSAGES.searchPageCursorInvalid)
    .max(16_384, MESSAGES.searchPageCursorInvalid),
}).refine(endNotBeforeStart, endBeforeStart);
export type TSearchNextRequest = z.infer<typeof ZSearchNextRequest>;

export type TSearchRequest = z.infer<typeof ZSearchRequest>;
/** What a client may send (before trimming and defaults): the type of the search form's values. */
export type TSearchRequestInput = z.input<typeof ZSearchRequest>;
