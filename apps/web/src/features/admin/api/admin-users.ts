import {
  findEndpoint,
  type TAddUserRequest,
  type TAdminDataResponse,
  type TRole,
  type TSendPasswordResetResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const adminData = findEndpoint("GET", "/admin-data");
const addUserCall = findEndpoint("POST", "/admin/add-user");
const toggleRoleCall = findEndpoint("PUT", "/admin/toggle-role/:id");
const sendResetCall = findEndpoint("POST", "/admin/send-password-reset/:id");
const deleteUserCall = findEndpoint("DELETE", "/admin/delete-user/:id");
const unlockUserCall = findEndpoint("POST", "/admin/unlock-user/:id");
const resetMfaCall = findEndpoint("POST", "/admin/reset-mfa/:id");
const auditorCall = findEndpoint("PUT", "/admin/users/:id/auditor");
const identityCall = findEndpoint("PUT", "/admin/users/:id/identity");

/** PUT /admin/users/{id}/identity (issue 34): bind to a subject, or null to wait for the next sign-in. */
export function setUserIdentity(id: number, subject: string | null): Promise<TSuccessMessage> {
  return callEndpoint(identityCall, { params: { id }, body: { idp_subject: subject } });
}

/** GET /admin-data: the users of the admin's agency. */
export function getAdminData(): Promise<TAdminDataResponse> {
  return callEndpoint(adminData);
}

/** POST /admin/add-user with the payload already normalised by ZAddUserRequest. */
export function addUser(user: TAddUserRequest): Promise<TSuccessMessage> {
  return callEndpoint(addUserCall, { body: user });
}

/** PUT /admin/toggle-role/{id} with new_role. */
export function changeRole(id: number, newRole: TRole): Promise<TSuccessMessage> {
  return callEndpoint(toggleRoleCall, { params: { id }, body: { new_role: newRole } });
}

/** POST /admin/send-password-reset/{id}: e-mails the user a reset link; the reply says whether it went. */
export function sendUserPasswordReset(id: number): Promise<TSendPasswordResetResponse> {
  return callEndpoint(sendResetCall, { params: { id } });
}

/** DELETE /admin/delete-user/{id}. */
export function deleteUser(id: number): Promise<TSuccessMessage> {
  return callEndpoint(deleteUserCall, { params: { id } });
}

/**
 * POST /admin/unlock-user/{id} (Odin's own): clears a lockout after five failed sign-ins. The owner
 * screen has its own one-line fetcher for the same call: features do not import each other.
 */
export function unlockUser(id: number): Promise<TSuccessMessage> {
  return callEndpoint(unlockUserCall, { params: { id } });
}

/** POST /admin/reset-mfa/{id} (Odin's own): the user sets up two-step sign-in again at next sign-in. */
export function resetUserMfa(id: number): Promise<TSuccessMessage> {
  return callEndpoint(resetMfaCall, { params: { id } });
}

/** PUT /admin/users/{id}/auditor (Odin's own, issue 23): gives or takes the auditor flag (audited). */
export function setAuditor(id: number, auditor: boolean): Promise<{ auditor: boolean }> {
  return callEndpoint(auditorCall, { params: { id }, body: { auditor } });
}
