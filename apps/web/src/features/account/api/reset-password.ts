import { findEndpoint, MESSAGES } from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";

const endpoint = findEndpoint("POST", "/user/reset-password");

export type ResetPasswordOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * POST /user/reset-password {new_password}. Counts as done only when the reply's message is exactly
 * 'Password updated successfully' (001 §4); any other reply is a failure. Failing HTTP answers throw
 * (ApiError with the server's message).
 */
export async function resetPassword(
  newPassword: string,
  currentPassword: string,
): Promise<ResetPasswordOutcome> {
  const reply = await apiFetch(
    endpoint.path,
    jsonRequest(endpoint.method, { new_password: newPassword, current_password: currentPassword }),
  );
  const { success, message } = readReply(reply);
  if (message === MESSAGES.passwordUpdated) return { ok: true, message };
  // A refusal the server explains ({ success: false, message }) shows its words; anything else the generic text.
  return { ok: false, message: success === false && message ? message : MESSAGES.failedToUpdatePassword };
}

function readReply(reply: unknown): { success?: unknown; message?: string } {
  if (typeof reply !== "object" || reply === null) return {};
  const success = "success" in reply ? reply.success : undefined;
  const message = "message" in reply && typeof reply.message === "string" ? reply.message : undefined;
  return { success, message };
}
