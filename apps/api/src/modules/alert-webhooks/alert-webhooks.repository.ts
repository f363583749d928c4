import type { AlertWebhook, PrismaClient } from "@odin/db";

export function findWebhooksOfAgency(prisma: PrismaClient, agencyId: number) {
  return prisma.alertWebhook.findMany({ where: { agencyId }, orderBy: { id: "asc" } });
}

export function findWebhookOfAgency(prisma: PrismaClient, agencyId: number, id: number) {
  return prisma.alertWebhook.findFirst({ where: { id, agencyId } });
}

export function findActiveGroupsOfAgency(prisma: PrismaClient, agencyId: number) {
  return prisma.hotlistGroup.findMany({
    where: { agencyId, archived: false },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}

/** Which of `groupIds` are the agency's (archived ones included: they may come back). */
export async function countGroupsOfAgency(prisma: PrismaClient, agencyId: number, groupIds: number[]) {
  if (groupIds.length === 0) return 0;
  return prisma.hotlistGroup.count({ where: { agencyId, id: { in: groupIds } } });
}

export type WebhookRow = AlertWebhook;
