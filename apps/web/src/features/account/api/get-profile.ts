import { findEndpoint, type TProfile } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const endpoint = findEndpoint("GET", "/profile-data");

/** GET /profile-data: username, email and role of the signed-in user. */
export function getProfile(): Promise<TProfile> {
  return callEndpoint(endpoint);
}
