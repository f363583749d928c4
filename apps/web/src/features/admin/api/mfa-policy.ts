import { findEndpoint, type TMfaPolicy } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const read = findEndpoint("GET", "/admin/mfa-policy");
const setAgency = findEndpoint("PUT", "/admin/mfa-policy");
const setAll = findEndpoint("PUT", "/owner/mfa-policy");

/** GET /admin/mfa-policy (Odin's own): the agency's rule and the owner's rule for all. */
export function getMfaPolicy(): Promise<TMfaPolicy> {
  return callEndpoint(read);
}

/** PUT /admin/mfa-policy or, for the owner's rule over every agency, PUT /owner/mfa-policy. */
export function setMfaPolicy(scope: "agency" | "all", required: boolean): Promise<TMfaPolicy> {
  return callEndpoint(scope === "all" ? setAll : setAgency, { body: { required } });
}
