import {
  findEndpoint,
  toPath,
  type TAddUserRequest,
  type TAdminDataResponse,
  type TRole,
  type TSendPasswordResetResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";

const adminData = findEndpoint("GET", "/admin-data");
const addUserCall = findEndpoint("POST", "/admin/add-user");
const toggleRoleCall = findEndpoint("PUT", "/admin/toggle-role/:id");
const sendResetCall = findEndpoint("POST", "/admin/send-password-reset/:id");
const deleteUserCall = findEndpoint("DELETE", "/admin/delete-user/:id");

/** GET /admin-data: the users of the admin's agency. */
export async function getAdminData(): Promise<TAdminDataResponse> {
  return adminData.response.parse(await apiFetch(adminData.path));
}

/** POST /admin/add-user with the payload already normalised by ZAddUserRequest. */
export async function addUser(user: TAddUserRequest): Promise<TSuccessMessage> {
  return addUserCall.response.parse(await apiFetch(addUserCall.path, jsonRequest(addUserCall.method, user)));
}

/** PUT /admin/toggle-role/{id} with new_role. */
export async function changeRole(id: number, newRole: TRole): Promise<TSuccessMessage> {
  return toggleRoleCall.response.parse(
    await apiFetch(
      toPath(toggleRoleCall.path, { id }),
      jsonRequest(toggleRoleCall.method, { new_role: newRole }),
    ),
  );
}

/** POST /admin/send-password-reset/{id}: e-mails the user a reset link; the reply says whether it went. */
export async function sendUserPasswordReset(id: number): Promise<TSendPasswordResetResponse> {
  return sendResetCall.response.parse(
    await apiFetch(toPath(sendResetCall.path, { id }), jsonRequest(sendResetCall.method)),
  );
}

/** DELETE /admin/delete-user/{id}. */
export async function deleteUser(id: number): Promise<TSuccessMessage> {
  return deleteUserCall.response.parse(
    await apiFetch(toPath(deleteUserCall.path, { id }), jsonRequest(deleteUserCall.method)),
  );
}
