import { findEndpoint } from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";

const endpoint = findEndpoint("POST", "/session/revoke");

/**
 * POST /session/revoke: the API stops accepting this session's tokens at once, before the identity
 * provider's logout. The answer is not used.
 */
export async function revokeSession(): Promise<void> {
  await apiFetch(endpoint.path, jsonRequest(endpoint.method));
}
