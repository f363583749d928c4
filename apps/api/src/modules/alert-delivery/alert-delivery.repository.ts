import type { PrismaClient } from "@odin/db";

export interface DeliveryLogRow {
  channel: string;
  recipient: string;
  recipient_name: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  note: string | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  created_at: Date;
}

/** An alert's deliveries, with the name of each recipient user. */
export function findDeliveriesOfAlert(prisma: PrismaClient, alertId: number) {
  return prisma.$queryRaw<DeliveryLogRow[]>`
    SELECT d.channel, d.recipient, u.name AS recipient_name, d.status, d.attempts, d.last_error, d.note,
      d.next_attempt_at, d.delivered_at, d.created_at
    FROM alert_deliveries d
    LEFT JOIN users u ON u.id = d.user_id
    WHERE d.alert_id = ${alertId}
    ORDER BY d.channel, d.id`;
}

export function findAlertChannels(prisma: PrismaClient, userId: number) {
  return prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { emailAlerts: true, webPushAlerts: true, pushAlerts: true },
  });
}

export function updateAlertChannels(
  prisma: PrismaClient,
  userId: number,
  change: { emailAlerts?: boolean; webPushAlerts?: boolean; pushAlerts?: boolean },
) {
  return prisma.user.update({
    where: { id: userId },
    data: change,
    select: { emailAlerts: true, webPushAlerts: true, pushAlerts: true },
  });
}
