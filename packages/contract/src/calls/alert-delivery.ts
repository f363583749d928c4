import { z } from "zod";
import { ZIdParams, ZIsoDateTime } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own (issue 24): where each alert goes besides the live screen. A user chooses channels on
 * the profile (the spec's 'push alerts' toggle is mobile_push); each alert's deliveries are logged.
 */

/** The signed-in user's alert channels. mobile_push is the spec's push_alerts (/toggle-push-alerts). */
export const ZAlertChannels = z.object({
  email: z.boolean(),
  web_push: z.boolean(),
  mobile_push: z.boolean(),
});
export type TAlertChannels = z.infer<typeof ZAlertChannels>;

/** Changes only the channels named. */
export const ZAlertChannelsUpdate = ZAlertChannels.partial();
export type TAlertChannelsUpdate = z.infer<typeof ZAlertChannelsUpdate>;

export const ALERT_DELIVERY_CHANNELS = ["email", "webhook", "web_push", "mobile_push"] as const;
export const ALERT_DELIVERY_STATUSES = ["pending", "sending", "sent", "failed", "cancelled"] as const;

export const ZAlertDelivery = z.object({
  channel: z.enum(ALERT_DELIVERY_CHANNELS),
  /** Who or what: a user's name, a webhook's name, a device. */
  recipient: z.string(),
  status: z.enum(ALERT_DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  /** Why it waited (quiet hours) or was not sent. */
  note: z.string().nullable(),
  /** When a pending delivery is next tried. */
  next_attempt_at: ZIsoDateTime.nullable(),
  delivered_at: ZIsoDateTime.nullable(),
  created_at: ZIsoDateTime,
});
export type TAlertDelivery = z.infer<typeof ZAlertDelivery>;

export const ZAlertDeliveriesResponse = z.object({ deliveries: z.array(ZAlertDelivery) });
export type TAlertDeliveriesResponse = z.infer<typeof ZAlertDeliveriesResponse>;

export const ALERT_DELIVERY_ENDPOINTS = [
  {
    method: "GET",
    path: "/api/profile/alert-channels",
    spec: "odin",
    summary: "The signed-in user's alert channels: e-mail, Web Push, mobile push (Odin's own)",
    response: ZAlertChannels,
  },
  {
    method: "POST",
    path: "/api/profile/alert-channels",
    spec: "odin",
    summary: "Turn the signed-in user's alert channels on or off (Odin's own)",
    body: ZAlertChannelsUpdate,
    response: ZAlertChannels,
  },
  {
    method: "GET",
    path: "/api/alerts/:id/deliveries",
    spec: "odin",
    summary: "An alert's delivery log: channel, recipient, attempts, outcome (Odin's own)",
    params: ZIdParams,
    response: ZAlertDeliveriesResponse,
  },
] as const satisfies readonly Endpoint[];
