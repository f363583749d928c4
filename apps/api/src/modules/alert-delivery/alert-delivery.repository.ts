import type { Prisma, PrismaClient } from "@odin/db";

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

const CHANNEL_COLUMNS = {
  emailAlerts: true,
  webPushAlerts: true,
  pushAlerts: true,
  quietHoursStart: true,
  quietHoursEnd: true,
  agency: { select: { timeZone: true } },
} as const;

export function findAlertChannels(prisma: PrismaClient, userId: number) {
  return prisma.user.findUniqueOrThrow({ where: { id: userId }, select: CHANNEL_COLUMNS });
}

export function updateAlertChannels(
  prisma: PrismaClient,
  userId: number,
  change: {
    emailAlerts?: boolean;
    webPushAlerts?: boolean;
    pushAlerts?: boolean;
    quietHoursStart?: number | null;
    quietHoursEnd?: number | null;
  },
) {
  return prisma.user.update({ where: { id: userId }, data: change, select: CHANNEL_COLUMNS });
}

export type AlertChannelsRow = Awaited<ReturnType<typeof findAlertChannels>>;

const GROUP_SETTINGS = { alertCooldownMinutes: true, urgent: true } as const;

/** A group's cooldown and urgency, changed with the audit row in one transaction. */
export function updateGroupAlertSettings(
  prisma: PrismaClient,
  groupId: number,
  change: { alertCooldownMinutes?: number; urgent?: boolean },
  audit: (
    tx: Prisma.TransactionClient,
    before: { alertCooldownMinutes: number; urgent: boolean },
  ) => Promise<void>,
) {
  return prisma.$transaction(async (tx) => {
    const before = await tx.hotlistGroup.findUniqueOrThrow({
      where: { id: groupId },
      select: GROUP_SETTINGS,
    });
    const after = await tx.hotlistGroup.update({
      where: { id: groupId },
      data: change,
      select: GROUP_SETTINGS,
    });
    await audit(tx, before);
    return after;
  });
}

/** The user's Web Push subscriptions (newest first). */
export function findWebPushSubscriptions(prisma: PrismaClient, userId: number) {
  return prisma.webPushSubscription.findMany({
    where: { userId },
    select: { id: true, endpoint: true, userAgent: true, createdAt: true },
    orderBy: { id: "desc" },
  });
}

/** A push endpoint or device token held by another user who may still sign in (issue 36). */
export const TAKEN = { taken: true } as const;

/** Who holds a push row: another user's gives way only when they can no longer sign in. */
const HOLDER = { select: { username: true, approved: true, deletedAt: true } } as const;
const holderGone = (user: { approved: boolean; deletedAt: Date | null }) =>
  !user.approved || user.deletedAt !== null;

/** Two requests created the same unique row at once: the later one finds it taken. */
const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";

/**
 * Stores a browser's subscription for the user and turns the user's Web Push channel on, with the
 * audit row, in one transaction. An endpoint is one browser profile and belongs to one user (issue 36):
 * its user subscribing again (new keys) updates it; another user gets it only by proving they hold
 * that browser (`provesPossession`: the stored keys' auth secret, which only the browser knows) or
 * when its user may no longer sign in; otherwise TAKEN and nothing is written. The audit callback
 * learns the previous user of a re-bound endpoint.
 */
export function saveWebPushSubscription(
  prisma: PrismaClient,
  userId: number,
  subscription: { endpoint: string; keysSealed: string; userAgent: string | null },
  provesPossession: (heldKeysSealed: string) => boolean,
  audit: (tx: Prisma.TransactionClient, id: number, previousUser: string | null) => Promise<void>,
) {
  return prisma
    .$transaction(async (tx) => {
      const held = await tx.webPushSubscription.findUnique({
        where: { endpoint: subscription.endpoint },
        select: { id: true, userId: true, keysSealed: true, user: HOLDER },
      });
      let id: number;
      let previousUser: string | null = null;
      if (!held) {
        id = (
          await tx.webPushSubscription.create({ data: { userId, ...subscription }, select: { id: true } })
        ).id;
      } else {
        const mine = held.userId === userId;
        if (!mine && !holderGone(held.user) && !provesPossession(held.keysSealed)) return TAKEN;
        // Only if it is still the holder's: a concurrent re-bind wins, this one finds it taken.
        const { count } = await tx.webPushSubscription.updateMany({
          where: { id: held.id, userId: held.userId },
          data: { userId, keysSealed: subscription.keysSealed, userAgent: subscription.userAgent },
        });
        if (count === 0) return TAKEN;
        id = held.id;
        if (!mine) previousUser = held.user.username;
      }
      const user = await tx.user.update({
        where: { id: userId },
        data: { webPushAlerts: true },
        select: { webPushAlerts: true },
      });
      await audit(tx, id, previousUser);
      return { taken: false as const, id, webPushAlerts: user.webPushAlerts };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return TAKEN;
      throw error;
    });
}

/** A subscription by its endpoint, with its sealed keys and whether its user may still receive alerts. */
export function findWebPushSubscriptionByEndpoint(prisma: PrismaClient, endpoint: string) {
  return prisma.webPushSubscription.findUnique({
    where: { endpoint },
    select: {
      id: true,
      endpoint: true,
      keysSealed: true,
      user: { select: { id: true, username: true, agencyId: true, approved: true, deletedAt: true } },
    },
  });
}

/**
 * Replaces the endpoint and keys of one subscription (a browser's renewed subscription), after its
 * audit row, in one transaction; its user and the user's channels are unchanged. Another row with the
 * new endpoint (the page subscribed it first) gives way. False, with nothing written, when the row no
 * longer has the old endpoint (a concurrent renewal won).
 */
export function replaceWebPushSubscription(
  prisma: PrismaClient,
  id: number,
  oldEndpoint: string,
  subscription: { endpoint: string; keysSealed: string; userAgent: string | null },
  audit: (tx: Prisma.TransactionClient) => Promise<void>,
) {
  return prisma
    .$transaction(async (tx) => {
      await audit(tx);
      const { count } = await tx.webPushSubscription.updateMany({
        where: { id, endpoint: oldEndpoint },
        data: { keysSealed: subscription.keysSealed, userAgent: subscription.userAgent },
      });
      if (count === 0) throw new StaleSubscription();
      if (subscription.endpoint !== oldEndpoint) {
        await tx.webPushSubscription.deleteMany({
          where: { endpoint: subscription.endpoint, id: { not: id } },
        });
        await tx.webPushSubscription.update({ where: { id }, data: { endpoint: subscription.endpoint } });
      }
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof StaleSubscription) return false;
      throw error;
    });
}

class StaleSubscription extends Error {}

/** Removes the user's subscription with that endpoint (with the audit row); false when there was none. */
export function deleteWebPushSubscription(
  prisma: PrismaClient,
  userId: number,
  endpoint: string,
  audit: (tx: Prisma.TransactionClient, id: number) => Promise<void>,
) {
  return prisma.$transaction(async (tx) => {
    const row = await tx.webPushSubscription.findFirst({
      where: { userId, endpoint },
      select: { id: true },
    });
    if (!row) return false;
    await audit(tx, row.id);
    await tx.webPushSubscription.delete({ where: { id: row.id } });
    return true;
  });
}

/**
 * Registers a device's push token for the user, with the audit row. A token is one app install and
 * belongs to one user (issue 36): a token carries no secret to prove possession with, so another
 * user's token is TAKEN (nothing written) until its user removes it (the app does at sign-out) or
 * may no longer sign in.
 */
export function savePushDevice(
  prisma: PrismaClient,
  userId: number,
  device: { platform: string; token: string },
  audit: (tx: Prisma.TransactionClient, id: number) => Promise<void>,
) {
  return prisma
    .$transaction(async (tx) => {
      const held = await tx.pushDevice.findUnique({
        where: { platform_token: device },
        select: { id: true, userId: true, user: HOLDER },
      });
      let id: number;
      if (!held) {
        id = (await tx.pushDevice.create({ data: { userId, ...device }, select: { id: true } })).id;
      } else {
        if (held.userId !== userId && !holderGone(held.user)) return TAKEN;
        const { count } = await tx.pushDevice.updateMany({
          where: { id: held.id, userId: held.userId },
          data: { userId },
        });
        if (count === 0) return TAKEN;
        id = held.id;
      }
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { pushAlerts: true } });
      await audit(tx, id);
      return { taken: false as const, id, pushAlerts: user.pushAlerts };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return TAKEN;
      throw error;
    });
}

/** Removes the user's device with that token (with the audit row); false when there was none. */
export function deletePushDevice(
  prisma: PrismaClient,
  userId: number,
  device: { platform: string; token: string },
  audit: (tx: Prisma.TransactionClient, id: number) => Promise<void>,
) {
  return prisma.$transaction(async (tx) => {
    const row = await tx.pushDevice.findFirst({ where: { userId, ...device }, select: { id: true } });
    if (!row) return false;
    await audit(tx, row.id);
    await tx.pushDevice.delete({ where: { id: row.id } });
    return true;
  });
}
