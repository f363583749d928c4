import type { AlertWebhook, Prisma, PrismaClient } from "@odin/db";

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

export function insertWebhookRow(
  tx: Prisma.TransactionClient,
  data: Prisma.AlertWebhookUncheckedCreateInput,
) {
  return tx.alertWebhook.create({ data });
}

export function updateWebhookRow(
  tx: Prisma.TransactionClient,
  id: number,
  data: Prisma.AlertWebhookUncheckedUpdateInput,
) {
  return tx.alertWebhook.update({ where: { id }, data });
}

export async function deleteWebhookRow(tx: Prisma.TransactionClient, id: number): Promise<void> {
  await tx.alertWebhook.delete({ where: { id } });
}
