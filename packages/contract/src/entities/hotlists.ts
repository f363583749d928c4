import { z } from "zod";
import { MESSAGES } from "../messages";
import { ZId, idInput, ZIsoDateTime, ZUtcNaiveDateTime, optionalText } from "../common";

/** A hotlist group as the add-to-hotlist modal needs it (000 section 3). */
export const ZHotlistGroup = z.object({
  id: ZId,
  name: z.string(),
});
export type THotlistGroup = z.infer<typeof ZHotlistGroup>;

/**
 * An item of GET /alerts-data (001 section 3): the same group with its card's image and the time of
 * its latest alert (an alert timestamp, so UTC without a zone marker); both null before any alert.
 */
export const ZAlertGroupListItem = ZHotlistGroup.extend({
  latest_image_url: z.string().nullable(),
  last_alert: ZUtcNaiveDateTime.nullable(),
});
export type TAlertGroupListItem = z.infer<typeof ZAlertGroupListItem>;

const SELECT_GROUP_AND_REASON = MESSAGES.selectGroupAndReason;

/** How a hotlist entry matches reads (issue 19). */
export const HOTLIST_MATCH_STRATEGIES = ["exact", "lenient"] as const;
export type THotlistMatchStrategy = (typeof HOTLIST_MATCH_STRATEGIES)[number];

/**
 * Odin's optional field (issue 19) on a plate added from a form, a CSV row or a search result: "exact"
 * (the default) or "lenient" (also alerts on the same confusable skeleton, e.g. a camera's 0 for O, and
 * on an OCR candidate). Any case; Rekor's CSV writes "Exact" / "Lenient"; blank means the default.
 */
export const ZMatchStrategyInput = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value || undefined)
  .pipe(z.enum(HOTLIST_MATCH_STRATEGIES, { error: MESSAGES.matchStrategyInvalid }).optional())
  .optional();

/**
 * The body of POST /hotlist/add-plate-direct (000 section 3). A group and a non-blank reason are
 * required. The plate is trimmed and upper-cased: hotlists show plates as they are printed, and the
 * matcher compares normalised forms anyway.
 */
export const ZHotlistAddRequest = z.object({
  plate_number: z
    .string({ error: MESSAGES.plateNumberRequired })
    .trim()
    .toUpperCase()
    .min(1, MESSAGES.plateNumberRequired)
    .max(20),
  reason: z.string({ error: SELECT_GROUP_AND_REASON }).trim().min(1, SELECT_GROUP_AND_REASON).max(500),
  state: optionalText(40),
  notes: optionalText(2000),
  group_id: idInput(SELECT_GROUP_AND_REASON),
  match_strategy: ZMatchStrategyInput,
});
export type THotlistAddRequest = z.infer<typeof ZHotlistAddRequest>;
export type THotlistAddRequestInput = z.input<typeof ZHotlistAddRequest>;

/** A member of a group: as listed on the details page and offered in the member pickers. */
export const ZGroupMember = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

/** Agency name → its users, for the collapsible member lists of create and edit group. */
export const ZUsersByAgency = z.record(z.string(), z.array(ZGroupMember));
export type TUsersByAgency = z.infer<typeof ZUsersByAgency>;

/** A plate on a hotlist (001 section 3). */
export const ZHotlistPlate = z.object({
  id: ZId,
  plate_number: z.string(),
  state: z.string().nullable(),
  reason: z.string(),
  notes: z.string().nullable(),
  created_at: ZIsoDateTime,
  added_by_name: z.string().nullable(),
  added_by_agency: z.string().nullable(),
  /** A file name for GET /get-hotlist-attachment-url/{filename}, never a storage path. */
  attachment_path: z.string().nullable(),
  /** Odin's addition (issue 19): "exact" or "lenient" (also alerts on look-alike readings). */
  match_strategy: z.enum(HOTLIST_MATCH_STRATEGIES).optional(),
});
export type THotlistPlate = z.infer<typeof ZHotlistPlate>;

/** The group part of the group details (001 section 3); members and plates travel beside it. */
export const ZGroupSummary = z.object({
  id: ZId,
  name: z.string(),
  description: z.string().nullable(),
  created_at: ZIsoDateTime,
  image_url: z.string().nullable(),
});
export type TGroupSummary = z.infer<typeof ZGroupSummary>;

/** Everything the edit-group screen loads (001 section 3). */
export const ZEditGroupData = z.object({
  group: z.object({
    name: z.string(),
    description: z.string().nullable(),
    image_url: z.string().nullable(),
    member_ids: z.array(ZId),
  }),
  members: z.array(ZGroupMember),
  plates: z.array(ZHotlistPlate),
  users_by_agency: ZUsersByAgency,
});
export type TEditGroupData = z.infer<typeof ZEditGroupData>;

export const BULK_PLATE_MODES = [
  { value: "add", label: MESSAGES.bulkModeAdd },
  { value: "replace", label: MESSAGES.bulkModeReplace },
] as const;
export type BulkPlateMode = (typeof BULK_PLATE_MODES)[number]["value"];
