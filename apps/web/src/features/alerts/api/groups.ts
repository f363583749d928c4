import {
  findEndpoint,
  type BulkPlateMode,
  type TBulkUploadPlatesResponse,
  type TCreateGroupResponse,
  type TEditGroupData,
  type TGroupCreateDataResponse,
  type TGroupDetailsResponse,
  type THotlistMatchStrategy,
  type TSuccessMessage,
  type TTogglePushAlertsResponse,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const detailsCall = findEndpoint("GET", "/alerts/group/:groupId/details-data");
const attachmentCall = findEndpoint("GET", "/get-hotlist-attachment-url/:filename");
const editDataCall = findEndpoint("GET", "/groups/:groupId/edit-data");
const editCall = findEndpoint("POST", "/groups/:groupId/edit-mobile");
const bulkCall = findEndpoint("POST", "/groups/:groupId/bulk-upload-plates");
const removePlateCall = findEndpoint("POST", "/groups/:groupId/remove-plate");
const archiveCall = findEndpoint("POST", "/archive-group");
const createDataCall = findEndpoint("GET", "/group-create-data");
const createCall = findEndpoint("POST", "/groups/create-mobile");
const pushCall = findEndpoint("POST", "/toggle-push-alerts");

/** The text fields and image of the create and edit forms (001 §7). */
export interface GroupFormValues {
  name: string;
  description: string;
  memberIds: readonly number[];
  /** A new image; null keeps the current one (edit) or means none (create). */
  image: File | null;
}

/** A plate added on the edit screen, kept in the page until Save Changes. */
export interface NewPlate {
  /** Local key only; never sent. */
  key: string;
  number: string;
  state: string;
  reason: string;
  notes: string;
  /** Issue 19: "lenient" also alerts on look-alike readings and OCR candidates; "exact" is the default. */
  matchStrategy?: THotlistMatchStrategy;
  attachment: File | null;
}

/**
 * The multipart body of create-mobile and edit-mobile with the spec's field names: group_name,
 * group_description, group_members (comma-separated ids), group_image_file, plates[i][...].
 * Blank optional plate fields are left out rather than sent empty.
 */
export function toGroupFormData(values: GroupFormValues, plates: readonly NewPlate[] = []): FormData {
  const form = new FormData();
  form.append("group_name", values.name.trim());
  form.append("group_description", values.description.trim());
  form.append("group_members", values.memberIds.join(","));
  plates.forEach((plate, index) => {
    const field = (name: string) => `plates[${index}][${name}]`;
    form.append(field("number"), plate.number.trim());
    for (const name of ["state", "reason", "notes"] as const) {
      const value = plate[name].trim();
      if (value) form.append(field(name), value);
    }
    if (plate.matchStrategy && plate.matchStrategy !== "exact")
      form.append(field("match_strategy"), plate.matchStrategy);
    if (plate.attachment) form.append(field("file"), plate.attachment);
  });
  if (values.image) form.append("group_image_file", values.image);
  return form;
}

/** GET /alerts/group/{groupId}/details-data: the group, its members and its plates. */
export function getGroupDetails(groupId: number): Promise<TGroupDetailsResponse> {
  return callEndpoint(detailsCall, { params: { groupId } });
}

/** GET /get-hotlist-attachment-url/{filename}?plate_id=: a short-lived URL of a plate's attachment. */
export async function getAttachmentUrl(filename: string, plateId: number): Promise<string> {
  const query = new URLSearchParams({ plate_id: String(plateId) });
  return (await callEndpoint(attachmentCall, { params: { filename }, query })).url;
}

/** GET /groups/{groupId}/edit-data: the group, members, plates and the users by agency. */
export function getEditGroupData(groupId: number): Promise<TEditGroupData> {
  return callEndpoint(editDataCall, { params: { groupId } });
}

/** POST /groups/{groupId}/edit-mobile (multipart): saves the fields, members, image and new plates. */
export function saveGroup(
  groupId: number,
  values: GroupFormValues,
  plates: readonly NewPlate[],
): Promise<TSuccessMessage> {
  return callEndpoint(editCall, { params: { groupId }, body: toGroupFormData(values, plates) });
}

/** POST /groups/{groupId}/bulk-upload-plates (multipart): csv_file and mode. */
export function uploadPlatesCsv(
  groupId: number,
  file: File,
  mode: BulkPlateMode,
): Promise<TBulkUploadPlatesResponse> {
  const body = new FormData();
  body.append("mode", mode);
  body.append("csv_file", file);
  return callEndpoint(bulkCall, { params: { groupId }, body });
}

/** POST /groups/{groupId}/remove-plate: the form field plate_id; the plate is gone at once. */
export function removePlate(groupId: number, plateId: number): Promise<TSuccessMessage> {
  const body = new URLSearchParams({ plate_id: String(plateId) });
  return callEndpoint(removePlateCall, { params: { groupId }, body });
}

/** POST /archive-group: Delete Group archives the group and removes its plates. */
export function archiveGroup(groupId: number): Promise<TSuccessMessage> {
  return callEndpoint(archiveCall, { body: { group_id: groupId } });
}

/** GET /group-create-data: the users by agency for the member lists. */
export function getGroupCreateData(): Promise<TGroupCreateDataResponse> {
  return callEndpoint(createDataCall);
}

/** POST /groups/create-mobile (multipart): name, description, members, image. */
export function createGroup(values: GroupFormValues): Promise<TCreateGroupResponse> {
  return callEndpoint(createCall, { body: toGroupFormData(values) });
}

/** POST /toggle-push-alerts: flips the setting; the reply tells the new state. */
export function togglePushAlerts(): Promise<TTogglePushAlertsResponse> {
  return callEndpoint(pushCall);
}
