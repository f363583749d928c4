import { findEndpoint, type TCurrentUser } from "@odin/contract";
import { apiFetch } from "@/lib/api-client";

const endpoint = findEndpoint("GET", "/get-current-user");

/** GET /get-current-user: the signed-in user with role, hotlist flags, approval and agency. */
export async function getCurrentUser(): Promise<TCurrentUser> {
  return endpoint.response.parse(await apiFetch(endpoint.path));
}
