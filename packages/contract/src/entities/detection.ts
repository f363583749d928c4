import { z } from "zod";
import { SOURCE_PROGRAMS } from "../constants/app";
import { ZIsoDateTime, ZSourceProgram } from "../common";

const text = z.string().nullish();
const coordinate = z.number().nullish();

/**
 * One detection as POST /search-data answers it (000 section 3). Fields a source does not have are
 * null or absent: Rekor fills agent_uid/image_uuid/api_key and the plate corners, Axon image_path,
 * plate_image_url and base_url, Axis axis_path/axis_plate_path.
 *
 * `api_key` and `rekor_api_key` NEVER hold the vendor's key: Odin puts there an opaque, signed,
 * expiring handle that only its own /proxy-rekor-image understands, so existing clients keep working
 * and no secret reaches the browser.
 */
export const ZSearchResult = z.object({
  /** The source's own id as a string; for Axis it is the id /axis/proxy-detection-image takes. */
  id: z.string(),
  image_uuid: text,
  plate: z.string(),
  plate_state: text,
  make: text,
  color: text,
  body_type: text,
  agency: text,
  camera_name: text,
  /** UTC, ISO 8601 with its zone marker. */
  timestamp: ZIsoDateTime,
  latitude: coordinate,
  longitude: coordinate,
  source_program: ZSourceProgram,
  agent_uid: text,
  api_key: text,
  rekor_api_key: text,
  image_path: text,
  plate_image_url: text,
  /** Not named by the spec, but /proxy-axon-image needs it next to image_path: Odin's addition. */
  base_url: text,
  axis_path: text,
  axis_plate_path: text,
  plate_x1: coordinate,
  plate_x2: coordinate,
  plate_x3: coordinate,
  plate_x4: coordinate,
  plate_y1: coordinate,
  plate_y2: coordinate,
  plate_y3: coordinate,
  plate_y4: coordinate,
  /**
   * The spec's "client-side image URL fields": the Odin proxy URL (relative to the API) of the vehicle
   * and plate image, filled by the server so no client needs to know each vendor's proxy. The web app
   * fetches them with its bearer token. Null when the source has no such image (Rekor gives no plate
   * crop: the client crops the vehicle image with the plate corners).
   */
  vehicle_image_src: text,
  plate_image_src: text,
  /**
   * Odin's addition (issue 17): an opaque, signed, expiring reference to this read at its source,
   * bound to the user who searched. Exports print only what the server finds under it.
   */
  ref: z.string().max(2000).optional(),
  /**
   * Odin's addition (issue 19): why a Similar search returned this read when its plate is not the one
   * typed, e.g. "O read as 0 at position 6" or "one character missing". Absent on exact matches.
   */
  match_reason: z.string().optional(),
  /**
   * Odin's addition (issue 19): true when the read's date is absurd (before 2000, or more than a day in
   * the future: a camera with a wrong clock). Such a read is kept and shown with a warning, and raises
   * no hotlist alert. Absent otherwise.
   */
  absurd_date: z.boolean().optional(),
  /**
   * Odin's addition (issue 20): the hotlist groups this read's plate is on, as the alert matcher
   * decides it (the same normalised plate and state rule, lenient entries by skeleton), among the
   * active groups of the caller's agency: the lists its cameras alert on (issue 40 item 1: every
   * searcher sees them, member or not). Absent when it is on none of them. `agency_name` and `reason`
   * (the entry's, of the most specific entry when the group lists the plate twice) are Odin's
   * additions of issue 40.
   */
  hotlists: z
    .array(
      z.object({
        group_id: z.number().int(),
        group_name: z.string(),
        agency_name: z.string().optional(),
        reason: z.string().optional(),
      }),
    )
    .optional(),
});

/** One entry of a result's `hotlists` (issue 20). */
export type TSearchResultHotlist = NonNullable<z.infer<typeof ZSearchResult>["hotlists"]>[number];

export type TSearchResult = z.infer<typeof ZSearchResult>;

/** The same thing under its domain name: a detection is what a search returns. */
export const ZDetection = ZSearchResult;
export type TDetection = TSearchResult;

/**
 * How one source fared in a federated search: ok; partial (some of its agencies answered, `error`
 * says which did not); failed; timeout; skipped (nothing of it selected or searchable).
 */
/**
 * What a source's notice is about (Odin's, issue 22): `retention`, the range starts before what the
 * source keeps; `place_unsupported`, the source cannot be asked by camera or place and was searched by
 * time; `compared_latest`, only the plate's latest reads were compared (travelling with);
 * `replica_behind` (issue 42), the reads came from a read replica that was behind the primary.
 */
export const SOURCE_NOTICE_KINDS = [
  "retention",
  "place_unsupported",
  "compared_latest",
  "replica_behind",
] as const;
export type TSourceNoticeKind = (typeof SOURCE_NOTICE_KINDS)[number];

export const ZSourceStatus = z.object({
  source: z.enum(SOURCE_PROGRAMS),
  status: z.enum(["ok", "partial", "failed", "timeout", "skipped"]),
  count: z.number().int().nonnegative(),
  error: z.string().optional(),
  /**
   * Odin's addition (issue 17): what the source could not cover although it answered, e.g. a range
   * longer than the reads it keeps ("RAVEN keeps 30 days of reads: …").
   */
  notice: z.string().optional(),
  /** Odin's (issue 22): one kind per thing the notice says, so a screen need not read its wording. */
  notice_kinds: z.array(z.enum(SOURCE_NOTICE_KINDS)).optional(),
  elapsed_ms: z.number().nonnegative(),
});
export type TSourceStatus = z.infer<typeof ZSourceStatus>;

/**
 * The value of the `x-odin-sources` header (JSON). The search answer stays a plain array because
 * existing clients read it as a list, so the per-source status travels beside it.
 */
export const ZSearchSourcesHeader = z.array(ZSourceStatus);

/** READ_REPLICA_LAG_HEADER's value: milliseconds the read replica was behind; absent from the primary. */
export const ZReadReplicaLagHeader = z
  .string()
  .regex(/^\d+$/)
  .optional()
  .describe("Set when a read replica answered: how far it was behind the primary, in milliseconds");
export type TSearchSourcesHeader = z.infer<typeof ZSearchSourcesHeader>;

/** Reads the header; a missing or malformed header (an older server) reads as "no status known". */
export function parseSearchSourcesHeader(value: string | null | undefined): TSearchSourcesHeader {
  if (!value) return [];
  try {
    const parsed = ZSearchSourcesHeader.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
