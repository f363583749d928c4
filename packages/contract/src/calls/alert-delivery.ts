import { z } from "zod";
import { ZIdParams, ZIsoDateTime } from "../common";
import type { Endpoint } from "../endpoint";
import { ZGroupIdParams } from "./hotlists";

/**
 * Odin's own (issue 24): where each alert goes besides the live screen. A user chooses channels on
 * the profile (the spec's 'push alerts' toggle is mobile_push); each alert's deliveries are logged.
 */

/** A time of day, "HH:MM" on a 24-hour clock. */
export const ZTimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time of day as HH:MM on a 24-hour clock, e.g. 22:00.");

/**
 * Quiet hours (issue 24): e-mail and push alerts of groups not marked urgent wait until they end
 * (postponed, never dropped); the live screen is not held. Times in the agency's time zone; an end
 * before the start spans midnight (22:00 to 06:00).
 */
export const ZQuietHours = z
  .object({ start: ZTimeOfDay, end: ZTimeOfDay })
  .refine((hours) => hours.start !== hours.end, {
    message: "Quiet hours must end at another time than they start.",
    path: ["end"],
  });
export type TQuietHours = z.infer<typeof ZQuietHours>;

/** The signed-in user's alert channels. mobile_push is the spec's push_alerts (/toggle-push-alerts). */
export const ZAlertChannels = z.object({
  email: z.boolean(),
  web_push: z.boolean(),
  mobile_push: z.boolean(),
  /** Null: none. */
  quiet_hours: ZQuietHours.nullable(),
  /** The agency's time zone, in which quiet hours are read (IANA name). */
  time_zone: z.string(),
});
export type TAlertChannels = z.infer<typeof ZAlertChannels>;

/** Changes only what is named (quiet_hours: null turns them off). */
export const ZAlertChannelsUpdate = z.object({
  email: z.boolean().optional(),
  web_push: z.boolean().optional(),
  mobile_push: z.boolean().optional(),
  quiet_hours: ZQuietHours.nullable().optional(),
});
export type TAlertChannelsUpdate = z.infer<typeof ZAlertChannelsUpdate>;

/** Most minutes a group's cooldown may last (a day). */
export const MAX_ALERT_COOLDOWN_MINUTES = 1440;

/**
 * A group's alerting settings (issue 24, Odin's own): a plate read again by the same camera within
 * `cooldown_minutes` of its alert counts on that alert instead of raising a new one (0: every read
 * alerts); an urgent group's e-mail and push are never held by quiet hours.
 */
export const ZGroupAlertSettings = z.object({
  cooldown_minutes: z
    .number({ message: "The cooldown must be a whole number of minutes." })
    .int("The cooldown must be a whole number of minutes.")
    .min(0, "The cooldown cannot be negative.")
    .max(MAX_ALERT_COOLDOWN_MINUTES, "The cooldown can be at most 1440 minutes (a day)."),
  urgent: z.boolean(),
});
export type TGroupAlertSettings = z.infer<typeof ZGroupAlertSettings>;

export const ZGroupAlertSettingsUpdate = ZGroupAlertSettings.partial();
export type TGroupAlertSettingsUpdate = z.infer<typeof ZGroupAlertSettingsUpdate>;

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

/** base64url without padding (RFC 7515 §2), as browsers give a PushSubscription's keys. */
const base64urlOfBytes = (bytes: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes, message);

export const WEB_PUSH_ENDPOINT_INVALID = "The browser gave a push endpoint that is not an http(s) URL.";

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it (Push API): the push service's
 * endpoint and the keys Odin encrypts each message with (RFC 8291). Odin's own (issue 24 item 4).
 */
export const ZWebPushSubscriptionRequest = z.object({
  endpoint: z
    .string()
    .trim()
    .max(2048, WEB_PUSH_ENDPOINT_INVALID)
    .pipe(z.url({ protocol: /^https?$/, error: WEB_PUSH_ENDPOINT_INVALID })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64urlOfBytes(
      65,
      "The browser's p256dh key must be a P-256 public key (65 bytes, base64url).",
    ),
    auth: base64urlOfBytes(16, "The browser's auth secret must be 16 bytes (base64url)."),
  }),
});
export type TWebPushSubscriptionRequest = z.infer<typeof ZWebPushSubscriptionRequest>;

export const ZWebPushUnsubscribeRequest = z.object({ endpoint: z.string().trim().min(1).max(2048) });
export type TWebPushUnsubscribeRequest = z.infer<typeof ZWebPushUnsubscribeRequest>;

/** The signed-in user's browser subscriptions and the key the browser subscribes with. */
export const ZWebPushSubscriptions = z.object({
  /** The VAPID public key (base64url): PushManager.subscribe's applicationServerKey. */
  vapid_public_key: z.string(),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      /** The push service's host only (the full endpoint is the browser's capability). */
      push_service: z.string(),
      user_agent: z.string().nullable(),
      created_at: ZIsoDateTime,
    }),
  ),
});
export type TWebPushSubscriptions = z.infer<typeof ZWebPushSubscriptions>;

/** What subscribing did: this browser's subscription, and the user's channel (turned on). */
export const ZWebPushSubscribed = z.object({ id: z.number().int(), web_push: z.boolean() });
export type TWebPushSubscribed = z.infer<typeof ZWebPushSubscribed>;

export const ZWebPushUnsubscribed = z.object({ removed: z.boolean() });
export type TWebPushUnsubscribed = z.infer<typeof ZWebPushUnsubscribed>;

/**
 * The service worker renews this browser's subscription after the push service replaced it (the
 * `pushsubscriptionchange` event). It holds no sign-in token, so the request proves that it comes from
 * the browser that held the old subscription: that subscription's endpoint and its auth secret (the
 * 16 bytes of RFC 8291 shared by the browser and Odin alone; the push service never sees them).
 */
export const ZWebPushRotationRequest = z.object({
  old_endpoint: z.string().trim().min(1).max(2048),
  old_auth: base64urlOfBytes(16, "The old subscription's auth secret must be 16 bytes (base64url)."),
  subscription: ZWebPushSubscriptionRequest,
});
export type TWebPushRotationRequest = z.infer<typeof ZWebPushRotationRequest>;

/** The renewed subscription (the same row, its user unchanged). */
export const ZWebPushRotated = z.object({ id: z.number().int() });
export type TWebPushRotated = z.infer<typeof ZWebPushRotated>;

export const PUSH_PLATFORMS = ["fcm", "apns"] as const;

/**
 * A signed-in device of the iOS/Android app registers its push token (Odin's own, issue 24 item 5):
 * `fcm` for a Firebase Cloud Messaging registration token, `apns` for an APNs device token (hex).
 * Alerts reach it while the user's push alerts toggle (the spec's /toggle-push-alerts) is on.
 */
export const ZPushDeviceRequest = z
  .object({
    platform: z.enum(PUSH_PLATFORMS, { message: 'The platform must be "fcm" or "apns".' }),
    token: z
      .string()
      .trim()
      .min(1, "The push token is missing.")
      .max(4096, "The push token is too long.")
      .regex(/^[A-Za-z0-9:_.-]+$/, "The push token has characters no FCM or APNs token has."),
  })
  .refine((device) => device.platform !== "apns" || /^[0-9a-fA-F]{64,200}$/.test(device.token), {
    message: "An APNs device token is hexadecimal (64 characters or more).",
    path: ["token"],
  });
export type TPushDeviceRequest = z.infer<typeof ZPushDeviceRequest>;

/** The device as registered, and whether the user's push alerts toggle is on. */
export const ZPushDeviceRegistered = z.object({ id: z.number().int(), push_alerts: z.boolean() });
export type TPushDeviceRegistered = z.infer<typeof ZPushDeviceRegistered>;

export const ZPushDeviceRemoved = z.object({ removed: z.boolean() });
export type TPushDeviceRemoved = z.infer<typeof ZPushDeviceRemoved>;

/**
 * Odin's own (issue 38 item 5): the agency's alert e-mail settings, set by its admins. With
 * `alert_email_pictures` on, an alert e-mail carries the read's picture as an attachment (when Odin
 * stores it: Axis reads, Rekor crops); off by default, because mail leaves the agency's systems.
 */
export const ZAlertEmailSettings = z.object({ alert_email_pictures: z.boolean() });
export type TAlertEmailSettings = z.infer<typeof ZAlertEmailSettings>;

export const ZAlertEmailSettingsUpdate = z.object({
  alert_email_pictures: z.boolean({
    error: "Say whether alert e-mails carry the read's picture (true or false).",
  }),
});
export type TAlertEmailSettingsUpdate = z.infer<typeof ZAlertEmailSettingsUpdate>;

export const ALERT_DELIVERY_ENDPOINTS = [
  {
    method: "GET",
    path: "/api/admin/alert-email-settings",
    spec: "odin",
    summary: "Whether the agency's alert e-mails carry the read's picture (Odin's own; the agency's admins)",
    response: ZAlertEmailSettings,
  },
  {
    method: "PUT",
    path: "/api/admin/alert-email-settings",
    spec: "odin",
    summary:
      "Turn the read's picture in the agency's alert e-mails on or off, audited (Odin's own; the agency's admins)",
    body: ZAlertEmailSettingsUpdate,
    response: ZAlertEmailSettings,
  },
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
    summary: "Turn the signed-in user's alert channels on or off, set quiet hours (Odin's own)",
    body: ZAlertChannelsUpdate,
    response: ZAlertChannels,
  },
  {
    method: "GET",
    path: "/api/groups/:groupId/alert-settings",
    spec: "odin",
    summary: "A group's alert cooldown and whether it is urgent (Odin's own)",
    params: ZGroupIdParams,
    response: ZGroupAlertSettings,
  },
  {
    method: "POST",
    path: "/api/groups/:groupId/alert-settings",
    spec: "odin",
    summary: "Change a group's alert cooldown or urgency (Odin's own; admins and hotlist admins)",
    params: ZGroupIdParams,
    body: ZGroupAlertSettingsUpdate,
    response: ZGroupAlertSettings,
  },
  {
    method: "GET",
    path: "/api/alerts/:id/deliveries",
    spec: "odin",
    summary: "An alert's delivery log: channel, recipient, attempts, outcome (Odin's own)",
    params: ZIdParams,
    response: ZAlertDeliveriesResponse,
  },
  {
    method: "GET",
    path: "/api/account/push-subscriptions",
    spec: "odin",
    summary: "The signed-in user's Web Push subscriptions and the VAPID public key (Odin's own)",
    response: ZWebPushSubscriptions,
  },
  {
    method: "POST",
    path: "/api/account/push-subscriptions",
    spec: "odin",
    summary: "Subscribe this browser to alert notifications (Web Push; turns the channel on) (Odin's own)",
    body: ZWebPushSubscriptionRequest,
    response: ZWebPushSubscribed,
  },
  {
    method: "DELETE",
    path: "/api/account/push-subscriptions",
    spec: "odin",
    summary: "Unsubscribe a browser of the signed-in user by its endpoint (Odin's own)",
    body: ZWebPushUnsubscribeRequest,
    response: ZWebPushUnsubscribed,
  },
  {
    method: "POST",
    path: "/api/account/push-subscriptions/rotate",
    spec: "odin",
    summary:
      "Renew a browser's subscription the push service replaced, proven by the old one's endpoint and auth secret; no token (the service worker's) (Odin's own)",
    body: ZWebPushRotationRequest,
    response: ZWebPushRotated,
  },
  {
    method: "POST",
    path: "/api/account/push-devices",
    spec: "odin",
    summary: "Register this device's push token (FCM or APNs) for the iOS/Android app's alerts (Odin's own)",
    body: ZPushDeviceRequest,
    response: ZPushDeviceRegistered,
  },
  {
    method: "DELETE",
    path: "/api/account/push-devices",
    spec: "odin",
    summary: "Remove a push token of the signed-in user's device (Odin's own)",
    body: ZPushDeviceRequest,
    response: ZPushDeviceRemoved,
  },
] as const satisfies readonly Endpoint[];
