import type { SecretBox } from "@odin/db";
import webPush from "web-push";
import type { Database } from "../lib/database";
import { outboundFetch, wasRefused } from "../lib/outbound-http";
import type { ClaimedDelivery } from "./delivery-queue.repository";
import {
  findPushRecipient,
  findWebPushSubscription,
  loadAlertForDelivery,
  noteWebPushSuccess,
  removeWebPushSubscription,
  type AlertForDelivery,
} from "./delivery.repository";
import { PermanentDeliveryError, type DeliveryChannel, type DeliveryOutcome } from "./delivery-worker";
import { alertPageUrl, holdForQuietHours } from "./email-channel";
import type { VapidKeys } from "./vapid-keys";

/** What the service worker (apps/web/public/sw.js) is given: enough to show the notification. */
export interface PushMessage {
  type: "odin.alert";
  title: string;
  body: string;
  /** The alert page (absolute); the notification opens or focuses it. */
  url: string;
  /** One notification per alert: a message that arrives twice replaces the first. */
  tag: string;
  alert: {
    id: number;
    plate: string;
    state: string | null;
    group: string;
    reason: string;
    camera: string | null;
    read_at: string;
    urgent: boolean;
  };
}

type PushRecipient = NonNullable<Awaited<ReturnType<typeof findPushRecipient>>>;

/**
 * The checks both push channels make at send time, in this order: the alert still exists, the user is
 * still a member of its group, the channel is still on (`channelOn`, else `offNote`), and quiet hours
 * do not hold it. Answers the alert to send, or the outcome that ends the delivery here.
 */
export async function checkPushDelivery(
  prisma: Database,
  delivery: ClaimedDelivery,
  channel: { on: (user: PushRecipient) => boolean; offNote: string },
  now: Date,
): Promise<{ alert: AlertForDelivery } | { outcome: DeliveryOutcome }> {
  const alert = await loadAlertForDelivery(prisma, delivery.alertId);
  if (!alert) return { outcome: { kind: "cancelled", note: "the alert no longer exists" } };
  const user = await findPushRecipient(prisma, delivery.userId, alert.groupId);
  if (!user) {
    return { outcome: { kind: "cancelled", note: "the recipient is no longer a member of the group" } };
  }
  if (!channel.on(user)) return { outcome: { kind: "cancelled", note: channel.offNote } };
  const held = holdForQuietHours(alert.group, user, alert.group.agency.timeZone, now);
  return held ? { outcome: held } : { alert };
}

/** The push message of an alert, shared by Web Push and mobile push. */
export function toPushMessage(alert: AlertForDelivery, publicUrl: string): PushMessage {
  const plate = `${alert.plate}${alert.state ? ` (${alert.state})` : ""}`;
  return {
    type: "odin.alert",
    title: `Hotlist alert: ${plate}`,
    body: [alert.group.name, alert.reason, alert.camera].filter(Boolean).join(" · "),
    url: alertPageUrl(publicUrl, alert.id),
    tag: `odin-alert-${alert.id}`,
    alert: {
      id: alert.id,
      plate: alert.plate,
      state: alert.state,
      group: alert.group.name,
      reason: alert.reason,
      camera: alert.camera,
      read_at: alert.timestamp.toISOString(),
      urgent: alert.group.urgent,
    },
  };
}

export interface WebPushChannelDeps {
  prisma: Database;
  secrets: Pick<SecretBox, "decrypt">;
  vapidKeys: () => Promise<VapidKeys>;
  /** WEB_PUSH_VAPID_SUBJECT (mailto: or https:). */
  subject: string;
  publicUrl: string;
  timeoutMs: number;
  /** How long the push service keeps a message for a browser that is offline (s). */
  ttlSeconds?: number;
  now?: () => Date;
}

/**
 * Browser notifications through Web Push (issue 24 item 4; RFC 8030, payload encrypted per RFC 8291
 * aes128gcm, VAPID per RFC 8292, both by the web-push package). The request web-push prepares is sent
 * through Odin's outbound guard (the endpoint is a URL a browser gave: the SSRF rules apply). One
 * delivery per subscription; a push service that answers 404 or 410 says the subscription is gone:
 * it is removed and the delivery recorded as failed with that reason. 429, 5xx and timeouts are
 * retried; any other refusal is recorded. Quiet hours and the user's channel are checked at send time.
 */
export function createWebPushChannel(deps: WebPushChannelDeps): DeliveryChannel {
  const { prisma } = deps;
  const removeSubscription = (id: number) => removeWebPushSubscription(prisma, id).catch(() => undefined);

  return {
    async send(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
      const id = Number(delivery.recipient.replace(/^web_push:/, ""));
      const subscription = await findWebPushSubscription(prisma, id);
      if (!subscription || subscription.userId !== delivery.userId) {
        return { kind: "cancelled", note: "the browser was unsubscribed" };
      }
      const checked = await checkPushDelivery(
        prisma,
        delivery,
        { on: (user) => user.webPushAlerts, offNote: "the recipient turned browser notifications off" },
        deps.now?.() ?? new Date(),
      );
      if ("outcome" in checked) return checked.outcome;
      const { alert } = checked;

      const keys = JSON.parse(deps.secrets.decrypt(subscription.keysSealed)) as {
        p256dh: string;
        auth: string;
      };
      const vapid = await deps.vapidKeys();
      const request = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys },
        JSON.stringify(toPushMessage(alert, deps.publicUrl)),
        {
          vapidDetails: { subject: deps.subject, ...vapid },
          contentEncoding: "aes128gcm",
          TTL: deps.ttlSeconds ?? 24 * 3600,
          urgency: alert.group.urgent ? "high" : "normal",
          // A retried message replaces one the push service still holds for an offline browser.
          topic: `odin-alert-${alert.id}`,
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers as Record<string, unknown>).map(([name, value]) => [
          name,
          String(value),
        ]),
      );
      let response: Response;
      try {
        response = await outboundFetch(new URL(request.endpoint), {
          method: "POST",
          headers,
          body: request.body,
          signal: AbortSignal.timeout(deps.timeoutMs),
          redirect: "manual",
        });
      } catch (error) {
        if (wasRefused(error)) {
          await removeSubscription(id);
          throw new PermanentDeliveryError(
            "refused: the push endpoint's address is not public (the subscription was removed)",
          );
        }
        const name = error instanceof Error ? error.name : "";
        if (name === "TimeoutError" || name === "AbortError") {
          throw new Error(`the push service did not answer within ${deps.timeoutMs / 1000} s`);
        }
        throw new Error("the push service could not be reached");
      }
      await response.body?.cancel().catch(() => undefined);
      const status = response.status;
      if (status >= 200 && status < 300) {
        await noteWebPushSuccess(prisma, id).catch(() => undefined);
        return { kind: "sent", note: `HTTP ${status}` };
      }
      if (status === 404 || status === 410) {
        await removeSubscription(id);
        throw new PermanentDeliveryError(
          `the push service answered HTTP ${status}: the browser subscription has expired and was removed`,
        );
      }
      if (status === 408 || status === 429 || status >= 500 || (status >= 300 && status < 400)) {
        throw new Error(`the push service answered HTTP ${status}`);
      }
      throw new PermanentDeliveryError(`the push service refused the message: HTTP ${status}`);
    },
  };
}
