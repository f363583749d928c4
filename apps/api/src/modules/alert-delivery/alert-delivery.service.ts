import type {
  TAlertChannels,
  TAlertChannelsUpdate,
  TAlertDelivery,
  TAlertDeliveriesResponse,
} from "@odin/contract";
import type { PrismaClient } from "@odin/db";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";
import { findVisibleAlert } from "../alerts/alerts.repository";
import { ALERT_NOT_FOUND } from "../alerts/alerts.service";
import { findAlertChannels, findDeliveriesOfAlert, updateAlertChannels } from "./alert-delivery.repository";

const toChannels = (row: { emailAlerts: boolean; webPushAlerts: boolean; pushAlerts: boolean }) => ({
  email: row.emailAlerts,
  web_push: row.webPushAlerts,
  mobile_push: row.pushAlerts,
});

/** GET /api/profile/alert-channels. */
export async function getAlertChannels(prisma: PrismaClient, actor: Actor): Promise<TAlertChannels> {
  return toChannels(await findAlertChannels(prisma, actor.user.id));
}

/** POST /api/profile/alert-channels: only the channels named change (mobile_push is the spec's toggle). */
export async function setAlertChannels(
  prisma: PrismaClient,
  actor: Actor,
  input: TAlertChannelsUpdate,
): Promise<TAlertChannels> {
  const row = await updateAlertChannels(prisma, actor.user.id, {
    ...(input.email !== undefined ? { emailAlerts: input.email } : {}),
    ...(input.web_push !== undefined ? { webPushAlerts: input.web_push } : {}),
    ...(input.mobile_push !== undefined ? { pushAlerts: input.mobile_push } : {}),
  });
  return toChannels(row);
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
  prisma: PrismaClient,
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
