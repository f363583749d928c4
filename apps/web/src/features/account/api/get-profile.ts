import { findEndpoint, type TProfile } from "@odin/contract";
import { apiFetch } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";

const endpoint = findEndpoint("GET", "/profile-data");

/** GET /profile-data: username, email and role of the signed-in user. */
export async function getProfile(): Promise<TProfile> {
  return endpoint.response.parse(await apiFetch(endpoint.path));
}

export function useProfile() {
  return useQuery(getProfile);
}
