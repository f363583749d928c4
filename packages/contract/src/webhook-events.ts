import { z } from "zod";

/**
 * Issue 38: the body Odin POSTs to an agency's alert webhook (docs/integrations.md), described here so
 * that the OpenAPI document's `webhooks` and a receiver's parser come from one place. The server builds
 * it in apps/api/src/delivery (webhook-channel.ts, alert-payload.ts); the webhook tests parse what a
 * receiver got with this schema.
 */
export const ZAlertWebhookAlert = z.object({
  id: z.number().int(),
  plate: z.string(),
  state: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string(), urgent: z.boolean().optional() }),
  reason: z.string(),
  notes: z.string().nullable(),
  camera: z.string().nullable(),
  camera_agency: z.string().nullable(),
  source_program: z.string(),
  read_at: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  match_rule: z.string().nullable(),
  /** The alert's page in Odin. */
  alert_url: z.string(),
});

export const ZAlertWebhookEvent = z.object({
  /** The delivery's id, also the `webhook-id` header: the same on every retry of one delivery. */
  id: z.string(),
  type: z.literal("alert.created"),
  created_at: z.string(),
  alert: ZAlertWebhookAlert,
});
export type TAlertWebhookEvent = z.infer<typeof ZAlertWebhookEvent>;

/** The admin's "Send test" (POST /api/admin/webhooks/:id/test): signed like an alert, sent once. */
export const ZWebhookTestEvent = z.object({
  id: z.string(),
  type: z.literal("test"),
  created_at: z.string(),
  webhook: z.object({ id: z.number().int(), name: z.string() }),
});
export type TWebhookTestEvent = z.infer<typeof ZWebhookTestEvent>;

/**
 * Issue 40 item 6: a camera of the agency has sent nothing for CAMERA_SILENT_ALERT_HOURS. Sent to every
 * enabled webhook of the agency (a webhook's groups choose alerts, not this), once per silence: again
 * only after the camera has read again and gone silent again.
 */
export const ZCameraSilentWebhookEvent = z.object({
  /** The notice's id, also the `webhook-id` header. */
  id: z.string(),
  type: z.literal("camera.silent"),
  created_at: z.string(),
  camera: z.object({
    /** Camera health's id: "axis-{integration id}" or "rekor-{camera row id}". */
    id: z.string(),
    /** "Axis" (shown as RAVEN) or "Rekor". */
    source: z.string(),
    name: z.string(),
    agency: z.string(),
    /** The last read seen from it, by ingest or by a search. */
    last_read_at: z.string(),
    silent_hours: z.number().int(),
    /** The camera health screen. */
    health_url: z.string(),
  }),
});
export type TCameraSilentWebhookEvent = z.infer<typeof ZCameraSilentWebhookEvent>;

/** Every body an alert webhook receives, told apart by `type`. */
export const ZWebhookEvent = z.discriminatedUnion("type", [
  ZAlertWebhookEvent,
  ZWebhookTestEvent,
  ZCameraSilentWebhookEvent,
]);
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/**
 * How Odin signs a webhook's requests. `standard_webhooks` (the default for new webhooks): the
 * Standard Webhooks headers `webhook-id`, `webhook-timestamp`, `webhook-signature`. `odin_v1`
 * (deprecated, kept for receivers built before issue 38): `Odin-Signature: t=...,v1=...`.
 */
export const WEBHOOK_SIGNATURE_SCHEMES = ["standard_webhooks", "odin_v1"] as const;
export const ZWebhookSignatureScheme = z.enum(WEBHOOK_SIGNATURE_SCHEMES);
export type TWebhookSignatureScheme = z.infer<typeof ZWebhookSignatureScheme>;
