import { MESSAGES, type TRole } from "@odin/contract";
import type { User } from "@odin/db";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database, type Transaction } from "../../lib/database";
import type { Actor } from "../../access/actor";
import { sendPasswordResetLink } from "../account/account.service";
import { writeAudit } from "../../lib/audit-rows.repository";
import { atProvider, type UserAdminDeps } from "./admin-deps";
import { administeredAgency } from "../../access/tenancy";
import { isReservedUsername } from "./add-user.service";
import {
  detachDeletedUser,
  findActiveUsers,
  findAdministrableUser,
  lockAgencyAdmins,
  revokeUserSessions,
  toAdminUser,
  updateUser,
} from "./users.repository";

/**
 * A user the caller may administer: any user for the owner, otherwise a user of the caller's own
 * agency. Anyone else's user is "not found", so ids of other agencies reveal nothing.
 */
export async function findAdministeredUser(prisma: Database, actor: Actor, userId: number) {
  const user = await findAdministrableUser(prisma, userId, actor.isOwner ? "all" : actor.user.agencyId);
  if (!user) throw new AppError("NOT_FOUND", "User not found.");
  return user;
}

/**
 * Clears a sign-in lockout (5 failures in 15 minutes; it would end by itself after LOCKOUT_MINUTES),
 * with its audit row in the same transaction.
 */
export async function unlockUser(prisma: Database, actor: Actor, userId: number) {
  const user = await findAdministeredUser(prisma, actor, userId);
  await inTransaction(prisma, async (tx) => {
    await updateUser(tx, user.id, { lockedAt: null, failedLoginCount: 0, firstFailedLoginAt: null });
    await writeAudit(tx, actor, {
      action: "user_unlocked",
      detail: { user_id: user.id, username: user.username },
    });
  });
  return `${user.username} can sign in again.`;
}

/** GET /admin-data: the users the caller administers, by name, with any lockout still running. */
export async function listAdministeredUsers(deps: Pick<UserAdminDeps, "prisma" | "lockoutMs">, actor: Actor) {
  const users = await findActiveUsers(deps.prisma, administeredAgency(actor));
  const now = new Date();
  return { users: users.map((user) => toAdminUser(user, deps.lockoutMs, now)) };
}

/** A demoted or deleted admin must leave another admin in the agency; checked under a lock. */
async function ensureAnotherAdmin(tx: Transaction, user: User) {
  if (user.role !== "admin" || user.agencyId === null) return;
  const admins = await lockAgencyAdmins(tx, user.agencyId);
  if (admins.filter((id) => id !== user.id).length === 0) {
    throw new AppError(
      "CONFLICT",
      `${user.username} is the last admin of the agency: make another user admin first.`,
    );
  }
}

/** PUT /admin/toggle-role/{id}: admin ↔ user. Not one's own role, and never the agency's last admin. */
export async function changeRole(
  prisma: Database,
  actor: Actor,
  userId: number,
  role: TRole,
): Promise<string> {
  const user = await findAdministeredUser(prisma, actor, userId);
  if (user.id === actor.user.id) {
    throw new AppError("CONFLICT", "You cannot change your own role: ask another admin of your agency.");
  }
  if (user.role === role) return MESSAGES.roleUpdated;
  await inTransaction(prisma, async (tx) => {
    if (role !== "admin") await ensureAnotherAdmin(tx, user);
    await updateUser(tx, user.id, { role });
    await writeAudit(tx, actor, {
      action: "role_changed",
      detail: { user_id: user.id, username: user.username, from: user.role, to: role },
    });
  });
  return MESSAGES.roleUpdated;
}

/**
 * DELETE /admin/delete-user/{id}: a soft delete (the row stays for the audit trail and "Added By"),
 * every session revoked at once and unused reset links voided. Not oneself, not the owner, and never
 * the agency's last admin.
 */
export async function deleteUser(
  deps: Pick<UserAdminDeps, "prisma" | "ownerUsername">,
  actor: Actor,
  userId: number,
): Promise<string> {
  const user = await findAdministeredUser(deps.prisma, actor, userId);
  if (user.id === actor.user.id) {
    throw new AppError("CONFLICT", "You cannot delete your own account: ask another admin of your agency.");
  }
  if (isReservedUsername(deps, user.username)) {
    throw new AppError("CONFLICT", "The owner account cannot be deleted.");
  }
  const now = new Date();
  await inTransaction(deps.prisma, async (tx) => {
    await ensureAnotherAdmin(tx, user);
    await updateUser(tx, user.id, { deletedAt: now });
    await revokeUserSessions(tx, user.id, now);
    // A deleted user no longer receives a group's alerts nor shows among its members.
    await detachDeletedUser(tx, user.id, now);
    await writeAudit(tx, actor, {
      action: "user_deleted",
      detail: { user_id: user.id, username: user.username, email: user.email, role: user.role },
    });
  });
  return MESSAGES.userDeleted;
}

/**
 * POST /admin/send-password-reset/{id}: the provider's own reset mail when it has one (Auth0),
 * otherwise Odin's one-hour reset link. The audit row follows the mail: an e-mail cannot be part of
 * a database transaction, and the row records a reset that was actually sent.
 */
export async function sendUserPasswordReset(
  deps: UserAdminDeps,
  actor: Actor,
  userId: number,
): Promise<string> {
  const user = await findAdministeredUser(deps.prisma, actor, userId);
  const { identityAdmin } = deps;
  if (identityAdmin.sendPasswordReset) {
    await atProvider(() => identityAdmin.sendPasswordReset!(user));
  } else {
    await sendPasswordResetLink({ ...deps, builtIn: true }, user);
  }
  await inTransaction(deps.prisma, (tx) =>
    writeAudit(tx, actor, {
      action: "reset_sent",
      detail: { user_id: user.id, username: user.username, email: user.email },
    }),
  );
  return `Password reset email sent to ${user.email}.`;
}
