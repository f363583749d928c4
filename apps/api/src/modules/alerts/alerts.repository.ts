import type { Alert, PrismaClient, User } from "@odin/db";
import { visibleGroupsWhere } from "../hotlists/group-access";

type Viewer = { user: User };

/** A group's latest alerts, newest first (the (group_id, created_at) index). */
export function findGroupAlerts(prisma: PrismaClient, groupId: number, limit: number): Promise<Alert[]> {
  return prisma.alert.findMany({
    where: { groupId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
}

/** The alert, when its group is one the viewer may see. */
export function findVisibleAlert(prisma: PrismaClient, viewer: Viewer, id: number): Promise<Alert | null> {
  return prisma.alert.findFirst({ where: { id, group: visibleGroupsWhere(viewer) } });
}

/** Which of these groups (all the viewer's when `groupIds` is absent) the viewer may see. */
export async function findVisibleGroupIds(
  prisma: PrismaClient,
  viewer: Viewer,
  groupIds?: readonly number[],
): Promise<number[]> {
  const groups = await prisma.hotlistGroup.findMany({
    where: { ...visibleGroupsWhere(viewer), ...(groupIds ? { id: { in: [...groupIds] } } : {}) },
    select: { id: true },
  });
  return groups.map((group) => group.id);
}

/**
 * An alert of a group the viewer may see that shows this picture. The viewer's groups are listed
 * first, so the search runs on the alerts index by group instead of every alert's image path.
 */
export async function findVisibleAlertByImage(prisma: PrismaClient, viewer: Viewer, imagePath: string) {
  const groupIds = await findVisibleGroupIds(prisma, viewer);
  if (groupIds.length === 0) return null;
  return prisma.alert.findFirst({
    where: { groupId: { in: groupIds }, imagePath },
    select: { sourceProgram: true, imagePath: true, group: { select: { agencyId: true } } },
  });
}

/** The user again (a live stream outlasts the request that opened it). */
export function findUser(prisma: PrismaClient, id: number): Promise<User | null> {
  return prisma.user.findUnique({ where: { id } });
}
