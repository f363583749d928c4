import {
  findEndpoint,
  type TAgencyUser,
  type TAgencyUsersResponse,
  type TPermissionUpdate,
  type TSuccessMessage,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const usersCall = findEndpoint("GET", "/agency-users-api");
const updateCall = findEndpoint("POST", "/update-alert-permissions-api");

/** GET /agency-users-api: the agency's users with their hotlist flags. */
export function getAgencyUsers(): Promise<TAgencyUsersResponse> {
  return callEndpoint(usersCall);
}

/** The spec's payload: hotlist_admin_{id} and hotlist_viewer_{id} for every user listed. */
export function toPermissionUpdate(
  users: readonly Pick<TAgencyUser, "id" | "hotlist_admin" | "hotlist_viewer">[],
): TPermissionUpdate {
  const update: TPermissionUpdate = {};
  for (const user of users) {
    update[`hotlist_admin_${user.id}`] = user.hotlist_admin;
    update[`hotlist_viewer_${user.id}`] = user.hotlist_viewer;
  }
  return update;
}

/** POST /update-alert-permissions-api with every user's two flags. */
export function updateAlertPermissions(users: readonly TAgencyUser[]): Promise<TSuccessMessage> {
  return callEndpoint(updateCall, { body: toPermissionUpdate(users) });
}
