import { timingSafeEqual } from "node:crypto";
import type {
  TAlertChannels,
  TAlertChannelsUpdate,
  TGroupAlertSettings,
  TGroupAlertSettingsUpdate,
  TAlertDelivery,
  TAlertDeliveriesResponse,
  TWebPushSubscribed,
  TWebPushSubscriptionRequest,
  TWebPushSubscriptions,
  TWebPushUnsubscribed,
  TWebPushRotated,
  TWebPushRotationRequest,
  TPushDeviceRequest,
  TPushDeviceRegistered,
  TPushDeviceRemoved,
} from "@odin/contract";
import type { SecretBox } from "@odin/db";
import type { VapidKeys } from "../../delivery/vapid-keys";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../lib/database";
import { findVisibleAlert } from "../alerts/alerts.repository";
import { ALERT_NOT_FOUND } from "../alerts/alerts.service";
import { writeAudit, writeAuditFor } from "../../lib/audit-rows.repository";
import { findAccessibleGroup } from "../hotlists/group-access";
import {
  deletePushDevice,
  savePushDevice,
  deleteWebPushSubscription,
  findAlertChannels,
  findDeliveriesOfAlert,
  findWebPushSubscriptionByEndpoint,
  findWebPushSubscriptions,
  replaceWebPushSubscription,
  saveWebPushSubscription,
  updateAlertChannels,
  updateGroupAlertSettings,
  type AlertChannelsRow,
} from "./alert-delivery.repository";

/** "HH:MM" as minutes of the day, and back. */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOfDay = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const toChannels = (row: AlertChannelsRow): TAlertChannels => ({
  email: row.emailAlerts,
  web_push: row.webPushAlerts,
  mobile_push: row.pushAlerts,
  quiet_hours:
    row.quietHoursStart === null || row.quietHoursEnd === null
      ? null
      : { start: timeOfDay(row.quietHoursStart), end: timeOfDay(row.quietHoursEnd) },
  time_zone: row.agency?.timeZone ?? "UTC",
});

/** GET /api/profile/alert-channels. */
export async function getAlertChannels(prisma: Database, actor: Actor): Promise<TAlertChannels> {
  return toChannels(await findAlertChannels(prisma, actor.user.id));
}

/**
 * POST /api/profile/alert-channels: only what is named changes (mobile_push is the spec's toggle;
 * quiet_hours null turns quiet hours off).
 */
export async function setAlertChannels(
  prisma: Database,
  actor: Actor,
  input: TAlertChannelsUpdate,
): Promise<TAlertChannels> {
  const quiet = input.quiet_hours;
  const row = await updateAlertChannels(prisma, actor.user.id, {
    ...(input.email !== undefined ? { emailAlerts: input.email } : {}),
    ...(input.web_push !== undefined ? { webPushAlerts: input.web_push } : {}),
    ...(input.mobile_push !== undefined ? { pushAlerts: input.mobile_push } : {}),
    ...(quiet === null ? { quietHoursStart: null, quietHoursEnd: null } : {}),
    ...(quiet ? { quietHoursStart: minutesOfDay(quiet.start), quietHoursEnd: minutesOfDay(quiet.end) } : {}),
  });
  return toChannels(row);
}

const toGroupSettings = (row: { alertCooldownMinutes: number; urgent: boolean }): TGroupAlertSettings => ({
  cooldown_minutes: row.alertCooldownMinutes,
  urgent: row.urgent,
});

/** GET /api/groups/{groupId}/alert-settings: for anyone who may see the group. */
export async function getGroupAlertSettings(
  prisma: Database,
  actor: Actor,
  groupId: number,
): Promise<TGroupAlertSettings> {
  return toGroupSettings(await findAccessibleGroup(prisma, actor, groupId));
}

/** POST /api/groups/{groupId}/alert-settings: admins and hotlist admins of the group's agency; audited. */
export async function setGroupAlertSettings(
  prisma: Database,
  actor: Actor,
  groupId: number,
  input: TGroupAlertSettingsUpdate,
): Promise<TGroupAlertSettings> {
  const group = await findAccessibleGroup(prisma, actor, groupId, "edit");
  const after = await updateGroupAlertSettings(
    prisma,
    group.id,
    {
      ...(input.cooldown_minutes !== undefined ? { alertCooldownMinutes: input.cooldown_minutes } : {}),
      ...(input.urgent !== undefined ? { urgent: input.urgent } : {}),
    },
    (tx, before) =>
      writeAudit(tx, actor, {
        action: "hotlist_group_alert_settings_changed",
        detail: { group_id: group.id, before: toGroupSettings(before), change: input },
      }),
  );
  return toGroupSettings(after);
}

/** Users are named by their name; other recipients (webhooks, devices) by their key. */
function recipientLabel(row: { recipient: string; recipient_name: string | null }): string {
  return row.recipient_name ?? row.recipient;
}

/**
 * GET /api/alerts/{id}/deliveries: the alert's delivery log, for anyone who may see the alert's group
 * (another agency's alert, or a group the caller may not see, is a 404 as for the alert itself).
 */
export async function getAlertDeliveries(
  prisma: Database,
  actor: Actor,
  alertId: number,
): Promise<TAlertDeliveriesResponse> {
  const alert = await findVisibleAlert(prisma, actor, alertId);
  if (!alert) throw new AppError("NOT_FOUND", ALERT_NOT_FOUND);
  const rows = await findDeliveriesOfAlert(prisma, alert.id);
  return {
    deliveries: rows.map((row): TAlertDelivery => ({
      channel: row.channel as TAlertDelivery["channel"],
      recipient: recipientLabel(row),
      status: row.status as TAlertDelivery["status"],
      attempts: row.attempts,
      last_error: row.last_error,
      note: row.note,
      next_attempt_at: row.status === "pending" ? row.next_attempt_at.toISOString() : null,
      delivered_at: row.delivered_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    })),
  };
}

export interface WebPushDeps {
  prisma: Database;
  secrets: Pick<SecretBox, "encrypt" | "decrypt">;
  vapidKeys: () => Promise<VapidKeys>;
  /** Which mobile push services this server is configured for (FCM_*, APNS_*): a device of another is refused. */
  mobilePlatforms: { fcm: boolean; apns: boolean };
}

const PLATFORM_NAMES = { fcm: "Android devices (FCM)", apns: "iPhones and iPads (APNs)" } as const;

/** GET /api/account/push-subscriptions: the VAPID public key and the user's browsers (hosts only). */
export async function getWebPushSubscriptions(
  deps: WebPushDeps,
  actor: Actor,
): Promise<TWebPushSubscriptions> {
  const [vapid, rows] = await Promise.all([
    deps.vapidKeys(),
    findWebPushSubscriptions(deps.prisma, actor.user.id),
  ]);
  return {
    vapid_public_key: vapid.publicKey,
    subscriptions: rows.map((row) => ({
      id: row.id,
      push_service: new URL(row.endpoint).host,
      user_agent: row.userAgent,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /api/account/push-subscriptions: stores this browser's subscription (its keys sealed) and turns
 * the user's Web Push channel on; audited. The endpoint is checked by the outbound guard when a message
 * is sent (a push service on a non-public address is refused and the subscription removed).
 */
export async function subscribeWebPush(
  deps: WebPushDeps,
  actor: Actor,
  input: TWebPushSubscriptionRequest,
  userAgent: string | undefined,
): Promise<TWebPushSubscribed> {
  const saved = await saveWebPushSubscription(
    deps.prisma,
    actor.user.id,
    {
      endpoint: input.endpoint,
      keysSealed: deps.secrets.encrypt(JSON.stringify(input.keys)),
      userAgent: userAgent?.slice(0, 300) ?? null,
    },
    // The same browser profile (another user signing in on it) sends the keys it holds.
    (heldKeysSealed) => sameAuthSecret(deps.secrets, heldKeysSealed, input.keys.auth),
    (tx, id, previousUser) =>
      writeAudit(tx, actor, {
        action: "web_push_subscribed",
        detail: {
          subscription_id: id,
          push_service: new URL(input.endpoint).host,
          ...(previousUser ? { previous_user: previousUser } : {}),
        },
      }),
  );
  if (saved.taken) throw new AppError("CONFLICT", WEB_PUSH_ENDPOINT_TAKEN);
  return { id: saved.id, web_push: saved.webPushAlerts };
}

/**
 * Issue 36: an endpoint posted with other keys than its browser's is someone else's browser (its URL
 * alone proves nothing); it is never moved silently.
 */
export const WEB_PUSH_ENDPOINT_TAKEN =
  "This browser's notifications are registered to another Odin user. Turn notifications off and on again in this browser to subscribe it afresh.";

export const WEB_PUSH_ROTATION_REFUSED =
  "Odin does not know this browser's previous subscription: turn browser notifications on again from the profile.";

/** Whether `auth` (base64url) is the auth secret sealed in a subscription's keys; constant time. */
function sameAuthSecret(secrets: Pick<SecretBox, "decrypt">, keysSealed: string, auth: string): boolean {
  const held = Buffer.from((JSON.parse(secrets.decrypt(keysSealed)) as { auth: string }).auth, "base64url");
  const given = Buffer.from(auth, "base64url");
  return held.length === given.length && timingSafeEqual(held, given);
}

/**
 * POST /api/account/push-subscriptions/rotate (no token: the service worker's `pushsubscriptionchange`):
 * the push service replaced a browser's subscription; the old one's endpoint and auth secret prove the
 * request comes from that browser, and the row takes the new endpoint and keys, for the same user,
 * audited as that user. Unknown endpoint, wrong secret or a user who may no longer sign in: one 404,
 * so that nothing tells which.
 */
export async function rotateWebPush(
  deps: WebPushDeps,
  input: TWebPushRotationRequest,
  request: { ip: string; requestId: string; userAgent: string | undefined },
): Promise<TWebPushRotated> {
  const row = await findWebPushSubscriptionByEndpoint(deps.prisma, input.old_endpoint);
  const refused = new AppError("NOT_FOUND", WEB_PUSH_ROTATION_REFUSED);
  if (!row || !row.user.approved || row.user.deletedAt) throw refused;
  if (!sameAuthSecret(deps.secrets, row.keysSealed, input.old_auth)) throw refused;
  const { user } = row;
  const replaced = await replaceWebPushSubscription(
    deps.prisma,
    row.id,
    row.endpoint,
    {
      endpoint: input.subscription.endpoint,
      keysSealed: deps.secrets.encrypt(JSON.stringify(input.subscription.keys)),
      userAgent: request.userAgent?.slice(0, 300) ?? null,
    },
    async (tx) => {
      await writeAuditFor(
        tx,
        {
          userId: user.id,
          username: user.username,
          agencyId: user.agencyId,
          ip: request.ip,
          requestId: request.requestId,
        },
        {
          action: "web_push_rotated",
          detail: {
            subscription_id: row.id,
            push_service: new URL(input.subscription.endpoint).host,
            previous_push_service: new URL(row.endpoint).host,
          },
        },
      );
    },
  );
  if (!replaced) throw refused;
  return { id: row.id };
}

/** DELETE /api/account/push-subscriptions: removes the user's browser with that endpoint; audited. */
export async function unsubscribeWebPush(
  deps: Pick<WebPushDeps, "prisma">,
  actor: Actor,
  endpoint: string,
): Promise<TWebPushUnsubscribed> {
  const removed = await deleteWebPushSubscription(deps.prisma, actor.user.id, endpoint, (tx, id) =>
    writeAudit(tx, actor, { action: "web_push_unsubscribed", detail: { subscription_id: id } }),
  );
  return { removed };
}

/**
 * POST /api/account/push-devices: a signed-in device of the iOS/Android app registers its push token;
 * audited. The user's push alerts toggle (the spec's) decides whether alerts are sent to it.
 */
export async function registerPushDevice(
  deps: Pick<WebPushDeps, "prisma" | "mobilePlatforms">,
  actor: Actor,
  input: TPushDeviceRequest,
): Promise<TPushDeviceRegistered> {
  // Refused at once rather than kept to fail every alert later: the app can tell its user now.
  if (!deps.mobilePlatforms[input.platform]) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Push alerts to ${PLATFORM_NAMES[input.platform]} are not set up on this server: ask your agency's admin.`,
      [{ path: "platform", message: `${input.platform.toUpperCase()} is not configured on this server.` }],
    );
  }
  const saved = await savePushDevice(deps.prisma, actor.user.id, input, (tx, id) =>
    writeAudit(tx, actor, {
      action: "push_device_registered",
      detail: { device_id: id, platform: input.platform },
    }),
  );
  if (saved.taken) throw new AppError("CONFLICT", PUSH_DEVICE_TAKEN);
  return { id: saved.id, push_alerts: saved.pushAlerts };
}

/** Issue 36: a device token carries no secret, so another user's is never moved; its user signs out first. */
export const PUSH_DEVICE_TAKEN =
  "This device's push token is registered to another Odin user: sign out of the Odin app on it first, then sign in again.";

/** DELETE /api/account/push-devices: removes the caller's device with that token; audited. */
export async function removePushDevice(
  prisma: Database,
  actor: Actor,
  input: TPushDeviceRequest,
): Promise<TPushDeviceRemoved> {
  const removed = await deletePushDevice(prisma, actor.user.id, input, (tx, id) =>
    writeAudit(tx, actor, {
      action: "push_device_removed",
      detail: { device_id: id, platform: input.platform },
    }),
  );
  return { removed };
}
