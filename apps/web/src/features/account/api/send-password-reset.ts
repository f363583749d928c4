import { findEndpoint, type TSendPasswordResetResponse } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const endpoint = findEndpoint("POST", "/auth0/send-password-reset");

/**
 * POST /auth0/send-password-reset (the path is kept for existing clients): e-mails the signed-in user a
 * single-use reset link. The reply says whether it was sent, and why not.
 */
export function sendPasswordReset(): Promise<TSendPasswordResetResponse> {
  return callEndpoint(endpoint);
}
