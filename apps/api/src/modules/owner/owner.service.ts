import { MESSAGES, type TOwnerDataResponse } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { atProvider, type UserAdminDeps } from "../admin/admin-deps";
import { findActiveAgencies } from "../admin/agencies.repository";
import {
  findActiveUsers,
  findAdministrableUser,
  revokeUserSessions,
  toOwnerUser,
  updateUser,
} from "../admin/users.repository";
import { inTransaction } from "../../lib/database";

/**
 * GET /owner-data: every user of every agency (and the owner), and the agencies to add users to: the
 * active ones, since a deactivated agency takes no new users.
 */
export async function getOwnerData(
  deps: Pick<UserAdminDeps, "prisma" | "lockoutMs">,
): Promise<TOwnerDataResponse> {
  const [users, agencies] = await Promise.all([
    findActiveUsers(deps.prisma, "all"),
    findActiveAgencies(deps.prisma),
  ]);
  const now = new Date();
  return { users: users.map((user) => toOwnerUser(user, deps.lockoutMs, now)), agencies };
}

/**
 * POST /admin/reset-user-password: the owner gives a user a temporary password. With Odin's own
 * provider the user must change it at the next sign-in (the web app sends them to /change-password);
 * an external provider's password cannot be changed on Odin's screen, so no change is required there.
 * The user's other sessions end, and a lockout is lifted: the new password is how they get back in.
 */
export async function resetUserPassword(
  deps: UserAdminDeps,
  actor: Actor,
  userId: number,
  password: string,
): Promise<string> {
  const user = await findAdministrableUser(deps.prisma, userId, "all");
  if (!user) throw new AppError("NOT_FOUND", "User not found.");
  const { passwordHash } = await atProvider(() => deps.identityAdmin.setPassword(user, password));
  const now = new Date();
  await inTransaction(deps.prisma, async (tx) => {
    await updateUser(tx, user.id, {
      ...(passwordHash ? { passwordHash } : {}),
      mustChangePassword: deps.identityAdmin.odinKeepsPasswords,
      lockedAt: null,
      failedLoginCount: 0,
      firstFailedLoginAt: null,
    });
    // Not the owner's own session: resetting one's own password must not sign oneself out mid-way.
    if (user.id !== actor.user.id) await revokeUserSessions(tx, user.id, now);
    await writeAudit(tx, actor, {
      action: "password_reset_by_owner",
      detail: { user_id: user.id, username: user.username, agency_id: user.agencyId },
    });
  });
  return MESSAGES.userPasswordReset;
}
