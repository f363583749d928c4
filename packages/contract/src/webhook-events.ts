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

/** Every body an alert webhook receives, told apart by `type`. */
export const ZWebhookEvent = z.discriminatedUnion("type", [ZAlertWebhookEvent, ZWebhookTestEvent]);
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/**
 * How Odin signs a webhook's requests. `standard_webhooks` (the default for new webhooks): the
 * Standard Webhooks headers `webhook-id`, `webhook-timestamp`, `webhook-signature`. `odin_v1`
 * (deprecated, kept for receivers built before issue 38): `Odin-Signature: t=...,v1=...`.
 */
export const WEBHOOK_SIGNATURE_SCHEMES = ["standard_webhooks", "odin_v1"] as const;
export const ZWebhookSignatureScheme = z.enum(WEBHOOK_SIGNATURE_SCHEMES);
export type TWebhookSignatureScheme = z.infer<typeof ZWebhookSignatureScheme>;
