import { z } from "zod";
import { MESSAGES } from "../messages";
import { ZId, ZIdInput, ZSuccessMessage, optionalText, requiredText } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAgencyUser } from "../entities/users";
import { ZEditGroupData, ZMatchStrategyInput, ZUsersByAgency } from "../entities/hotlists";
import { ZPermissionUpdate } from "../entities/permissions";
import { ZGroupIdParams } from "./hotlists";

/** "1,2,3" → [1, 2, 3]; blank → []. */
const ZCommaSeparatedIds = z
  .string()
  .trim()
  .regex(/^(\d+(\s*,\s*\d+)*)?$/, "Expected comma-separated user ids")
  .transform((text) => (text ? [...new Set(text.split(",").map(Number))] : []))
  .pipe(z.array(ZId));

/**
 * Text fields of the multipart create and edit forms (001 section 7). Loose, so the file parts
 * (`group_image_file`, `plates[i][file]`) and the `plates[i][...]` fields pass through to the handler.
 */
export const ZGroupFormFields = z.looseObject({
  group_name: requiredText(MESSAGES.groupNameRequired, 200),
  group_description: optionalText(2000),
  group_members: ZCommaSeparatedIds.optional().transform((ids) => ids ?? []),
});
export type TGroupFormFields = z.infer<typeof ZGroupFormFields>;

/** `plates[3][reason]` and the like; the file part is `plates[i][file]`. */
export const GROUP_PLATE_FIELD_PATTERN =
  /^plates\[(\d{1,4})\]\[(number|reason|notes|state|match_strategy|file)\]$/;

/** One plate added in the edit form: a plate number is all it needs (001 section 5). */
export const ZGroupPlateFields = z.object({
  number: z
    .string({ error: MESSAGES.plateNumberRequired })
    .trim()
    .toUpperCase()
    .min(1, MESSAGES.plateNumberRequired)
    .max(20),
  reason: optionalText(500),
  notes: optionalText(2000),
  state: optionalText(40),
  match_strategy: ZMatchStrategyInput,
});
export type TGroupPlateFields = z.infer<typeof ZGroupPlateFields>;

/**
 * Gathers the `plates[i][field]` text fields of a multipart body into one object per index, in
 * index order, ready for ZGroupPlateFields. File parts are left to the handler.
 */
export function collectGroupPlateFields(body: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  const byIndex = new Map<number, Record<string, unknown>>();
  for (const [key, value] of Object.entries(body)) {
    const match = GROUP_PLATE_FIELD_PATTERN.exec(key);
    if (!match || match[2] === "file") continue;
    const index = Number(match[1]);
    byIndex.set(index, { ...byIndex.get(index), [String(match[2])]: value });
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, fields]) => fields);
}

/** Columns of the plate CSV (template and upload): Odin's choice, the plate fields of a hotlist. */
export const PLATE_CSV_COLUMNS = ["plate_number", "state", "reason", "notes", "match_strategy"] as const;
/**
 * Rekor Scout's alert-list CSV (issue 37 item 2), the file its dashboard exports and its hotlist importer
 * writes: `Plate Number,Description,Match Strategy` (docs/vendors/rekor.md). The plate upload takes it as
 * it is: header names are read in any case and mapped to Odin's columns (Plate Number → plate_number,
 * Description → reason, Match Strategy → match_strategy, values Exact or Lenient in any case).
 */
export const REKOR_ALERT_LIST_COLUMNS = ["Plate Number", "Description", "Match Strategy"] as const;
export const PLATE_CSV_COLUMN_ALIASES: Readonly<Record<string, (typeof PLATE_CSV_COLUMNS)[number]>> = {
  "plate number": "plate_number",
  description: "reason",
  "match strategy": "match_strategy",
};
/** What an upload may hold: the template's columns and Rekor's names for them (read in lower case). */
export const PLATE_CSV_ACCEPTED_COLUMNS = [...PLATE_CSV_COLUMNS, ...Object.keys(PLATE_CSV_COLUMN_ALIASES)];

export const ZBulkUploadPlatesFields = z.looseObject({
  mode: z.enum(["add", "replace"]).default("add"),
});
export type TBulkUploadPlatesFields = z.infer<typeof ZBulkUploadPlatesFields>;

/** Not shown in the spec: Odin's choice. `removed` counts the plates a "replace" upload dropped. */
export const ZBulkUploadPlatesResponse = ZSuccessMessage.extend({
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
});
export type TBulkUploadPlatesResponse = z.infer<typeof ZBulkUploadPlatesResponse>;

export const ZRemovePlateRequest = z.object({ plate_id: ZIdInput });
export type TRemovePlateRequest = z.infer<typeof ZRemovePlateRequest>;

export const ZArchiveGroupRequest = z.object({ group_id: ZIdInput });
export type TArchiveGroupRequest = z.infer<typeof ZArchiveGroupRequest>;

export const ZGroupCreateDataResponse = z.object({ users_by_agency: ZUsersByAgency });
export type TGroupCreateDataResponse = z.infer<typeof ZGroupCreateDataResponse>;

/** Not shown in the spec: Odin's choice; the new id lets the mobile app open the group. */
export const ZCreateGroupResponse = ZSuccessMessage.extend({ group_id: ZId });
export type TCreateGroupResponse = z.infer<typeof ZCreateGroupResponse>;

/** Not shown in the spec: Odin's choice. */
export const ZAgencyUsersResponse = z.object({ users: z.array(ZAgencyUser) });
export type TAgencyUsersResponse = z.infer<typeof ZAgencyUsersResponse>;

export const GROUP_ENDPOINTS = [
  {
    method: "GET",
    path: "/groups/:groupId/edit-data",
    spec: "001",
    summary: "Everything the edit-group screen needs",
    params: ZGroupIdParams,
    response: ZEditGroupData,
  },
  {
    method: "GET",
    path: "/groups/:groupId/image",
    spec: "odin",
    summary: "A group's picture, re-encoded on upload: the groups' image_url (Odin's own)",
    params: ZGroupIdParams,
    response: "binary",
    binaryTypes: ["image/webp"],
  },
  {
    method: "POST",
    path: "/groups/:groupId/edit-mobile",
    spec: "001",
    summary: "Save a group: name, description, members, new plates, image",
    params: ZGroupIdParams,
    body: ZGroupFormFields,
    contentType: "multipart",
    files: ["group_image_file", "plates[i][file]"],
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/groups/:groupId/bulk-upload-plates",
    spec: "001",
    summary: "Add or replace a group's plates from a CSV file",
    params: ZGroupIdParams,
    body: ZBulkUploadPlatesFields,
    contentType: "multipart",
    files: ["csv_file"],
    response: ZBulkUploadPlatesResponse,
  },
  {
    method: "POST",
    path: "/groups/:groupId/remove-plate",
    spec: "001",
    summary: "Remove one plate from a group at once",
    params: ZGroupIdParams,
    body: ZRemovePlateRequest,
    contentType: "form",
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/archive-group",
    spec: "001",
    summary: "Archive a group (Delete Group); its plates are removed",
    body: ZArchiveGroupRequest,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "GET",
    path: "/group-create-data",
    spec: "001",
    summary: "Users by agency for the create-group member lists",
    response: ZGroupCreateDataResponse,
  },
  {
    method: "POST",
    path: "/groups/create-mobile",
    spec: "001",
    summary: "Create a group: name, description, members, image",
    body: ZGroupFormFields,
    contentType: "multipart",
    files: ["group_image_file"],
    response: ZCreateGroupResponse,
  },
  {
    method: "GET",
    path: "/agency-users-api",
    spec: "001",
    summary: "The agency's users with their hotlist flags",
    response: ZAgencyUsersResponse,
  },
  {
    method: "POST",
    path: "/update-alert-permissions-api",
    spec: "001",
    summary: "Set hotlist_admin / hotlist_viewer for the agency's users",
    body: ZPermissionUpdate,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
] as const satisfies readonly Endpoint[];
