import {
  findEndpoint,
  type TOwnerAddUserRequest,
  type TOwnerDataResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";
import { callEndpoint } from "@/lib/call-endpoint";

const ownerData = findEndpoint("GET", "/owner-data");
const addUserCall = findEndpoint("POST", "/owner/add-user");
const resetCall = findEndpoint("POST", "/admin/reset-user-password");
const unlockCall = findEndpoint("POST", "/admin/unlock-user/:id");

/** GET /owner-data: every user and every agency. */
export function getOwnerData(): Promise<TOwnerDataResponse> {
  return callEndpoint(ownerData);
}

/** POST /owner/add-user: the add-user payload with the agency, normalised by ZOwnerAddUserRequest. */
export function ownerAddUser(user: TOwnerAddUserRequest): Promise<TSuccessMessage> {
  return callEndpoint(addUserCall, { body: user });
}

export type ResetOutcome = { ok: true; message: string } | { ok: false; message: string | undefined };

/**
 * POST /admin/reset-user-password {user_id, new_password}. Counted as done only when the reply's
 * message contains 'successfully' (001 §4); any other reply is a failure, with its message if any.
 */
export async function resetUserPassword(userId: number, newPassword: string): Promise<ResetOutcome> {
  const reply = await apiFetch(
    resetCall.path,
    jsonRequest(resetCall.method, { user_id: userId, new_password: newPassword }),
  );
  const message =
    typeof reply === "object" && reply !== null && "message" in reply && typeof reply.message === "string"
      ? reply.message
      : undefined;
  return message?.includes("successfully") ? { ok: true, message } : { ok: false, message };
}

/** POST /admin/unlock-user/{id}: clears a lockout after failed sign-ins. */
export function unlockUser(id: number): Promise<TSuccessMessage> {
  return callEndpoint(unlockCall, { params: { id } });
}
