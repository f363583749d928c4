import { MFA_MESSAGES } from "@odin/contract";
import type { Actor } from "../../access/actor";
import { clearMfa } from "../../identity/mfa/mfa.repository";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit-rows.repository";
import type { Database } from "../../lib/database";
import { findAdministeredUser } from "./admin.service";

/**
 * POST /admin/reset-mfa/:id: an admin's action on another account, so it lives with the admin's other
 * user actions (the user's own enrolment is identity/mfa/mfa.service.ts).
 */

export const MFA_RESET_OWN =
  "You cannot reset your own two-step sign-in: turn it off on your profile with a current code, or ask the owner.";

/**
 * An admin resets the MFA of a user of their agency (a lost phone); an admin's MFA only the owner
 * resets, so one admin cannot take over another's account; nobody resets their own (the owner
 * neither: its way back is a recovery code, or the server). The user enrols again at next sign-in.
 */
export async function resetUserMfa(
  deps: { prisma: Database },
  actor: Actor,
  userId: number,
): Promise<string> {
  const target = await findAdministeredUser(deps.prisma, actor, userId);
  // One's own factor is turned off with a current code (disableOwnMfa), never reset without one: a
  // stolen admin session must not drop the admin's second factor (issue 36, F22).
  if (target.id === actor.user.id) throw new AppError("FORBIDDEN", MFA_RESET_OWN);
  if (target.role === "admin" && !actor.isOwner)
    throw new AppError("FORBIDDEN", "Only the owner can reset an admin's two-step sign-in.");
  await clearMfa(deps.prisma, target.id);
  await writeAudit(deps.prisma, actor, {
    action: "mfa_reset",
    detail: { user_id: target.id, username: target.username },
  });
  return MFA_MESSAGES.reset;
}
