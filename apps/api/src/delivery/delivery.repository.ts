import type { PrismaClient } from "@odin/db";

/**
 * What the delivery channels read and note at send time (issue 24): the alert, its recipient (checked
 * again: still a member, channel on), the webhook, browser subscription or device a delivery goes to,
 * and the VAPID key pair. The queue's own claim and settle statements are in delivery-queue.repository.ts.
 */

/** The alert with its group and agency, or null when it is gone. */
export function loadAlertForDelivery(prisma: PrismaClient, alertId: number) {
  // findFirst: the key is (id, timestamp) since alerts are partitioned by the read's time.
  return prisma.alert.findFirst({
    where: { id: alertId },
    include: { group: { include: { agency: true } } },
  });
}

export type AlertForDelivery = NonNullable<Awaited<ReturnType<typeof loadAlertForDelivery>>>;

/** An alert e-mail's recipient: still an approved member of the alert's group. */
export function findEmailRecipient(prisma: PrismaClient, userId: number, groupId: number) {
  return prisma.user.findFirst({
    where: {
      id: userId,
      deletedAt: null,
      approved: true,
      groupMemberships: { some: { groupId } },
    },
    select: { email: true, emailAlerts: true, quietHoursStart: true, quietHoursEnd: true },
  });
}

/** The alert's recipient, checked again at send time (still a member, channel on), with quiet hours. */
export async function findPushRecipient(prisma: PrismaClient, userId: number | null, groupId: number) {
  if (userId === null) return null;
  return prisma.user.findFirst({
    where: { id: userId, deletedAt: null, approved: true, groupMemberships: { some: { groupId } } },
    select: { webPushAlerts: true, pushAlerts: true, quietHoursStart: true, quietHoursEnd: true },
  });
}

// Webhooks.

export function findWebhook(prisma: PrismaClient, id: number) {
  return prisma.alertWebhook.findUnique({ where: { id } });
}

/** The agency's admins, told when one of its webhooks is switched off. */
export function findAgencyAdminEmails(prisma: PrismaClient, agencyId: number) {
  return prisma.user.findMany({
    where: { agencyId, role: "admin", deletedAt: null, approved: true },
    select: { email: true },
  });
}

/** A success resets the endpoint's run of failures. */
export function noteWebhookSuccess(prisma: PrismaClient, id: number) {
  return prisma.$executeRaw`
          UPDATE alert_webhooks SET consecutive_failures = 0, last_success_at = now() WHERE id = ${id}`;
}

export function noteWebhookFailure(prisma: PrismaClient, id: number) {
  return prisma.$executeRaw`
        UPDATE alert_webhooks SET consecutive_failures = consecutive_failures + 1, last_failure_at = now()
        WHERE id = ${id}`;
}

/**
 * Switches the endpoint off once its run of failures reaches `disableAfterFailures`; answers 1 only to
 * the one process that switched it off.
 */
export function disableFailingWebhook(
  prisma: PrismaClient,
  id: number,
  disableAfterFailures: number,
  reason: string,
) {
  return prisma.$executeRaw`
        UPDATE alert_webhooks SET enabled = false, updated_at = now(),
          disabled_reason = ${`Disabled after ${disableAfterFailures} failed deliveries in a row (last: ${reason}).`}
        WHERE id = ${id} AND enabled AND consecutive_failures >= ${disableAfterFailures}`;
}

// Web Push subscriptions.

export function findWebPushSubscription(prisma: PrismaClient, id: number) {
  return prisma.webPushSubscription.findUnique({ where: { id } });
}

export function removeWebPushSubscription(prisma: PrismaClient, id: number) {
  return prisma.webPushSubscription.deleteMany({ where: { id } });
}

export function noteWebPushSuccess(prisma: PrismaClient, id: number) {
  return prisma.webPushSubscription.updateMany({ where: { id }, data: { lastSuccessAt: new Date() } });
}

// Mobile push devices.

export function findPushDevice(prisma: PrismaClient, id: number) {
  return prisma.pushDevice.findUnique({ where: { id } });
}

export function removePushDevice(prisma: PrismaClient, id: number) {
  return prisma.pushDevice.deleteMany({ where: { id } });
}

export function notePushDeviceSuccess(prisma: PrismaClient, id: number) {
  return prisma.pushDevice.updateMany({ where: { id }, data: { lastSuccessAt: new Date() } });
}

// The VAPID key pair (one row, id 1).

type RawDb = Pick<PrismaClient, "$queryRaw" | "$executeRaw">;

export function readVapidKeys(prisma: RawDb) {
  return prisma.$queryRaw<{ public_key: string; private_key_sealed: string }[]>`
        SELECT public_key, private_key_sealed FROM web_push_vapid_keys WHERE id = 1`;
}

/** Writes the pair unless another process wrote one first (then nothing: read the committed one). */
export function insertVapidKeysOnce(prisma: RawDb, publicKey: string, privateKeySealed: string) {
  return prisma.$executeRaw`
        INSERT INTO web_push_vapid_keys (id, public_key, private_key_sealed)
        VALUES (1, ${publicKey}, ${privateKeySealed})
        ON CONFLICT (id) DO NOTHING`;
}
