import { findEndpoint, type TMfaConfirmed, type TMfaEnrolment, type TMfaStatus } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const status = findEndpoint("GET", "/account/mfa");
const enrol = findEndpoint("POST", "/account/mfa/enrol");
const confirm = findEndpoint("POST", "/account/mfa/confirm");
const disable = findEndpoint("POST", "/account/mfa/disable");

/** GET /account/mfa (Odin's own): whether two-step sign-in is on, required, and codes left. */
export function getMfaStatus(): Promise<TMfaStatus> {
  return callEndpoint(status);
}

/** POST /account/mfa/enrol: a new secret and its QR code, not in force until confirmed. */
export function startMfaEnrolment(): Promise<TMfaEnrolment> {
  return callEndpoint(enrol);
}

/** POST /account/mfa/confirm {code}: turns it on; the recovery codes are answered this once. */
export function confirmMfaEnrolment(code: string): Promise<TMfaConfirmed> {
  return callEndpoint(confirm, { body: { code } });
}

/** POST /account/mfa/disable {code}: turns it off (refused while the agency requires it). */
export async function disableMfa(code: string): Promise<string> {
  return (await callEndpoint(disable, { body: { code } })).message;
}
