import { AppError } from "../lib/app-error";
import type { Actor } from "./actor";

/**
 * The tenancy rules every module applies to its caller (issue 39 item 1: in access/, beside the access
 * policy, not in the admin module that 13 modules imported them from). Which rows a caller reaches
 * beyond these is each service's repository (agency_id in its WHERE clause).
 */

/**
 * Which agency an admin call reaches: the caller's own, or every agency for the owner (the one
 * cross-agency user); null for an admin without an agency, who reaches nothing.
 */
export function administeredAgency(actor: Actor): number | "all" | null {
  return actor.isOwner ? "all" : actor.user.agencyId;
}

/** The agency the caller's new rows belong to (keys, integrations); the owner must use an agency's admin. */
export function requireOwnAgency(actor: Actor): number {
  if (actor.user.agencyId === null) {
    throw new AppError(
      "CONFLICT",
      "Your account belongs to no agency: this is done by an admin of the agency.",
    );
  }
  return actor.user.agencyId;
}
