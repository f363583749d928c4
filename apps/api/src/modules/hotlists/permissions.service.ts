import {
  groupPermissionUpdates,
  MESSAGES,
  type TAgencyUsersResponse,
  type TPermissionUpdate,
} from "@odin/contract";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { updateUser } from "../admin/users.repository";
import { findPickableUsers } from "./hotlist.repository";
import { inTransaction, type Database } from "../../lib/database";

/** GET /agency-users-api: the caller's agency's approved, not-deleted users with their hotlist flags. */
export async function listAgencyUsers(prisma: Database, actor: Actor): Promise<TAgencyUsersResponse> {
  const { users } = await findPickableUsers(prisma, actor.user.agencyId);
  return {
    users: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      hotlist_admin: user.hotlistAdmin,
      hotlist_viewer: user.hotlistViewer,
    })),
  };
}

/**
 * POST /update-alert-permissions-api. Only the users the screen lists (the caller's agency's) may be
 * changed: a key naming anyone else refuses the whole update with a 400 listing those keys, and nothing
 * is changed, so a stale or tampered page cannot half-apply. Keys left out keep their value.
 */
export async function updatePermissions(
  prisma: Database,
  actor: Actor,
  update: TPermissionUpdate,
): Promise<string> {
  const changes = groupPermissionUpdates(update);
  if (changes.length === 0) return MESSAGES.permissionsUpdated;

  const { users } = await findPickableUsers(prisma, actor.user.agencyId);
  const byId = new Map(users.map((user) => [user.id, user]));
  const strangers = changes.filter((change) => !byId.has(change.userId));
  if (strangers.length > 0) {
    const details = Object.keys(update)
      .filter((key) => strangers.some((change) => key.endsWith(`_${change.userId}`)))
      .map((key) => ({ path: key, message: "is not a user of your agency" }));
    throw new AppError(
      "VALIDATION_FAILED",
      `User(s) ${strangers.map((change) => change.userId).join(", ")} are not users of your agency; nothing was changed.`,
      details,
    );
  }

  const applied = changes
    .map(({ userId, hotlist_admin, hotlist_viewer }) => {
      const before = byId.get(userId)!;
      const data = {
        ...(hotlist_admin !== undefined && hotlist_admin !== before.hotlistAdmin
          ? { hotlistAdmin: hotlist_admin }
          : {}),
        ...(hotlist_viewer !== undefined && hotlist_viewer !== before.hotlistViewer
          ? { hotlistViewer: hotlist_viewer }
          : {}),
      };
      return { userId, data };
    })
    .filter(({ data }) => Object.keys(data).length > 0);
  if (applied.length === 0) return MESSAGES.permissionsUpdated;

  await inTransaction(prisma, async (tx) => {
    for (const { userId, data } of applied) await updateUser(tx, userId, data);
    await writeAudit(tx, actor, {
      action: "hotlist_permissions_changed",
      detail: applied.map(({ userId, data }) => ({
        user_id: userId,
        name: byId.get(userId)!.name,
        ...(data.hotlistAdmin !== undefined ? { hotlist_admin: data.hotlistAdmin } : {}),
        ...(data.hotlistViewer !== undefined ? { hotlist_viewer: data.hotlistViewer } : {}),
      })),
    });
  });
  return MESSAGES.permissionsUpdated;
}
