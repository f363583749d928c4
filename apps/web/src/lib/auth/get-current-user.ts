import { findEndpoint, type TCurrentUser } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const endpoint = findEndpoint("GET", "/get-current-user");

/** GET /get-current-user: the signed-in user with role, hotlist flags, approval and agency. */
export function getCurrentUser(): Promise<TCurrentUser> {
  return callEndpoint(endpoint);
}
