import { findEndpoint, type TSessionLinkResponse } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const endpoint = findEndpoint("POST", "/session/link");

/**
 * POST /session/link (issue 34): hands the ID token of a sign-in through the agency's identity provider
 * to the API, which finds or links the account (by subject, SCIM id, verified e-mail or mapping rule)
 * and re-reads the claims its mapping rules use.
 */
export function linkSession(idToken: string): Promise<TSessionLinkResponse> {
  return callEndpoint(endpoint, { body: { id_token: idToken } });
}
