import type { HotlistGroup, PrismaClient } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";

/**
 * Who may see and change a hotlist group: the one rule every hotlist and alert route applies (the
 * access table only says which roles may call a route at all).
 *
 * - See (alerts, details, plates, attachments, alert images, the live stream): a user of the group's
 *   agency who is role admin or hotlist_admin, or a member of the group with the hotlist_viewer flag.
 * - Change (edit, remove plates, bulk upload, archive, alert settings): role admin or hotlist_admin of
 *   the group's agency.
 * - Anyone who may see a group may also add a plate to it from a search result (000 §6 offers Add Plate
 *   to Hotlist to hotlist viewers: plates.service.ts) and acknowledge and disposition its alerts. The
 *   Edit Alerts Permissions page says exactly this (issue 40).
 * - Archived groups are gone for everybody: their URLs answer 404 like a group that never existed, and
 *   so do groups of other agencies, so ids reveal nothing.
 */
export type GroupAccess = "view" | "edit";

export function canEditGroups({ user }: Pick<Actor, "user">): boolean {
  return user.role === "admin" || user.hotlistAdmin;
}

export const GROUP_NOT_FOUND = "Group not found.";

/**
 * The Prisma `where` of the groups a caller may see: all active groups of the agency for admins and
 * hotlist admins, the active groups they are a member of for everybody else.
 */
export function visibleGroupsWhere(auth: Pick<Actor, "user">) {
  const agencyId = auth.user.agencyId ?? -1;
  return {
    agencyId,
    archived: false,
    ...(canEditGroups(auth) ? {} : { members: { some: { userId: auth.user.id } } }),
  };
}

/** The group, when the caller may see it (or change it, with "edit"); otherwise a 404 (never a 403). */
export async function findAccessibleGroup(
  prisma: PrismaClient,
  actor: Actor,
  groupId: number,
  access: GroupAccess = "view",
): Promise<HotlistGroup> {
  const group = await prisma.hotlistGroup.findFirst({ where: { id: groupId, ...visibleGroupsWhere(actor) } });
  if (!group) throw new AppError("NOT_FOUND", GROUP_NOT_FOUND);
  if (access === "edit" && !canEditGroups(actor)) {
    throw new AppError("FORBIDDEN", "Only an admin or a hotlist admin of the agency may change this group.");
  }
  return group;
}
