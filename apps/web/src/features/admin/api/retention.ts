import { findEndpoint, type TRetentionRequest } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const read = findEndpoint("GET", "/admin/retention");
const save = findEndpoint("PUT", "/admin/retention");
const holds = findEndpoint("GET", "/admin/legal-holds");
const place = findEndpoint("POST", "/admin/legal-holds");
const release = findEndpoint("POST", "/admin/legal-holds/:id/release");

/** GET /admin/retention (Odin's own, issue 23): retention per record and source, with the defaults. */
export const getRetention = () => callEndpoint(read);
/** PUT /admin/retention: days per slot, null for the default (audit at least 365; audited). */
export const saveRetention = (body: TRetentionRequest) => callEndpoint(save, { body });
/** GET /admin/legal-holds: the agency's legal holds, active first. */
export const getLegalHolds = () => callEndpoint(holds);
/** POST /admin/legal-holds: keeps a case's records past retention until released (audited). */
export const placeLegalHold = (caseNumber: string, reason: string) =>
  callEndpoint(place, { body: { case_number: caseNumber, reason } });
/** POST /admin/legal-holds/{id}/release (audited). */
export const releaseLegalHold = (id: number) => callEndpoint(release, { params: { id } });
